// Products of the spec-only test business (startSpecUcpBusiness), in the shape of UCP 2026-04-08
// product.json / variant.json with Shopify's `attributes` extension. The first is issue 28's example.
import type { SpecProduct } from './SpecProduct.ts'

export const PERFORMANCE_TEE: SpecProduct = {
  id: 'gid://shopify/Product/1001',
  handle: 'performance-tee',
  title: 'Performance Tee',
  description: { plain: 'A light tee for running.' },
  url: 'https://spec-outfitters.example/products/performance-tee',
  categories: [
    { value: 'aa-1-13-8', taxonomy: 'shopify' },
    { value: '212', taxonomy: 'google_product_category' },
    { value: 'Apparel > Shirts', taxonomy: 'merchant' },
  ],
  price_range: { min: { amount: 2500, currency: 'USD' }, max: { amount: 2600, currency: 'USD' } },
  options: [{ name: 'Size', values: [{ label: 'Small (S)' }, { label: 'Medium (M)' }] }],
  tags: ['cotton', 'summer'],
  attributes: [
    { name: 'Fabric', value: 'Cotton' },
    { name: 'Clothing features', value: 'Moisture wicking' },
    { name: 'Color', value: 'Blue' },
    { name: 'Color', value: 'White' },
  ],
  variants: [
    {
      id: 'gid://shopify/ProductVariant/2001',
      sku: 'PT-S',
      title: 'Small (S)',
      description: { plain: 'Small' },
      price: { amount: 2500, currency: 'USD' },
      availability: { available: false, status: 'out_of_stock' },
      options: [{ name: 'Size', label: 'Small (S)' }],
      seller: { name: 'Spec Outfitters' },
      attributes: [{ name: 'Fabric', value: 'Organic cotton' }],
    },
    {
      id: 'gid://shopify/ProductVariant/2002',
      sku: 'PT-M',
      title: 'Medium (M)',
      description: { plain: 'Medium' },
      price: { amount: 2600, currency: 'USD' },
      availability: { available: true, status: 'in_stock' },
      options: [{ name: 'Size', label: 'Medium (M)' }],
      tags: ['bestseller'],
      seller: { name: 'Spec Outfitters' },
      attributes: [{ name: 'Sleeve length type', value: 'Short sleeve' }],
    },
  ],
}

/** A product stating only what the schema requires: no options, attributes, seller or availability. */
export const PLAIN_MUG: SpecProduct = {
  id: 'prod_mug',
  title: 'Plain Mug',
  description: { plain: 'A mug.' },
  price_range: { min: { amount: 900, currency: 'EUR' }, max: { amount: 900, currency: 'EUR' } },
  variants: [{ id: 'prod_mug_default', title: 'Default', description: { plain: 'Default' }, price: { amount: 900, currency: 'EUR' } }],
}

/** A domain address (`<owner_id>,<shard>`) the spec business names as its payee. */
export const SPEC_PAYEE = '11111111111111111111111111111111,1'
