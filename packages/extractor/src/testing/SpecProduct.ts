/** A product as the spec's product.json describes it (plus Shopify's `attributes`); the tests write them. */
export type SpecProduct = Record<string, unknown> & { id: string; variants: (Record<string, unknown> & { id: string; options?: { name: string; label: string }[] })[] }
