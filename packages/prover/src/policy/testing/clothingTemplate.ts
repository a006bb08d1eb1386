import { compileTemplate, type CompiledTemplate, type InputValue } from '@verity/policy'

/** The clothing example of the template language (reference notes §3.2), with valid inputs. */
export const CLOTHING_SOURCE = `name clothing_purchase_guard
intent {
  acceptable_categories: set<string>
  acceptable_colors: optional set<string>
  acceptable_brands: optional set<string>
  size: string
  audience: string
  max_price_cents: int
}
evidence {
  category: string
  color: string
  brand: string
  size: string
  audience: string
  price_cents: int
}
requires {
  evidence.category in intent.acceptable_categories;
  evidence.size == intent.size;
  evidence.audience in {"men", "women", "unisex"};
  evidence.audience == intent.audience;
  evidence.price_cents <= intent.max_price_cents;
  optional: evidence.color in intent.acceptable_colors;
  optional: evidence.brand in intent.acceptable_brands;
}
`

export function clothingCase(): { compiled: CompiledTemplate; attrs: Record<string, InputValue>; evidence: Record<string, InputValue> } {
  return {
    compiled: compileTemplate(CLOTHING_SOURCE),
    attrs: { acceptable_categories: ['t-shirt', 'polo'], acceptable_colors: ['White', 'Black'], size: 'M', audience: 'men', max_price_cents: 2500n },
    evidence: { category: 't-shirt', color: 'White', brand: 'Acme', size: 'M', audience: 'men', price_cents: 1999n },
  }
}
