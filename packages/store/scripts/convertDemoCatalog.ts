// Writes catalog/demo.json, the demo store's catalog of UCP Product objects (2026-04-08), from the
// extractor's demo catalog (packages/extractor/catalog/demo.json): the same products, variants,
// prices and availability, with UCP's shapes (price objects in minor units, categories by taxonomy,
// options as {name, label}) and Shopify-style attributes (`attributes: [{name, value}]`, taxonomy
// names such as "Fabric", "Neckline", "Target gender"; a name repeated gives several values).
// Run: node --import tsx packages/store/scripts/convertDemoCatalog.ts
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

type SourceVariant = { id: string; title?: string; options?: Record<string, string>; price_cents: number; available: boolean; attributes?: Record<string, unknown> }
type SourceProduct = {
  id: string
  title: string
  vendor: string
  product_type: string
  tags: string[]
  currency: string
  options?: string[]
  attributes: Record<string, string | number>
  variants?: SourceVariant[]
  price_cents?: number
  available?: boolean
}
type Attribute = { name: string; value: string }

const HERE = import.meta.dirname
const SOURCE = join(HERE, '../../extractor/catalog/demo.json')
const TARGET = join(HERE, '../catalog/demo.json')
const SELLER = { name: 'Verity Demo Store' }

/** Letter sizes as Shopify's taxonomy spells the values of its "Size" attribute. */
const SIZE_LABELS: Readonly<Record<string, string>> = {
  XS: 'Extra Small (XS)', S: 'Small (S)', M: 'Medium (M)', L: 'Large (L)', XL: 'Extra Large (XL)', XXL: 'Double Extra Large (XXL)',
}

const SHIRTS = 'Apparel & Accessories > Clothing > Shirts & Tops'
/** Categories by product type: Shopify's and Google's taxonomy paths, and the store's own (merchant) type. */
const CATEGORY_PATHS: Readonly<Record<string, { shopify: string; google: string }>> = {
  't-shirt': { shopify: 'Apparel & Accessories > Clothing > Clothing Tops > T-Shirts', google: SHIRTS },
  polo: { shopify: 'Apparel & Accessories > Clothing > Clothing Tops > Polos', google: SHIRTS },
  pullover: { shopify: 'Apparel & Accessories > Clothing > Clothing Tops > Sweaters', google: SHIRTS },
  hoodie: { shopify: 'Apparel & Accessories > Clothing > Clothing Tops > Hoodies', google: SHIRTS },
  laptop: { shopify: 'Electronics > Computers > Laptops', google: 'Electronics > Computers > Laptops' },
  shoes: { shopify: 'Apparel & Accessories > Shoes', google: 'Apparel & Accessories > Shoes' },
  socks: { shopify: 'Apparel & Accessories > Clothing > Underwear & Socks > Socks', google: 'Apparel & Accessories > Clothing > Underwear & Socks > Socks' },
}

/** Per product: Shopify-taxonomy attributes that the source catalog says in its own words. */
const EXTRA_ATTRIBUTES: Readonly<Record<string, readonly Attribute[]>> = {
  'tee-classic': [a('Fabric', 'Cotton'), a('Neckline', 'Crew neck'), a('Sleeve length type', 'Short'), a('Fit', 'Regular'), a('Clothing features', 'Breathable')],
  'tee-vneck': [a('Fabric', 'Organic cotton'), a('Neckline', 'V-neck'), a('Sleeve length type', 'Short'), a('Fit', 'Slim'), a('Clothing features', 'Moisture wicking'), a('Clothing features', 'Breathable')],
  'tee-graphic': [a('Fabric', 'Cotton'), a('Neckline', 'Crew neck'), a('Sleeve length type', 'Short'), a('Fit', 'Relaxed'), a('Pattern', 'Graphic')],
  'polo-pique': [a('Fabric', 'Cotton'), a('Fabric', 'Pique'), a('Neckline', 'Polo collar'), a('Sleeve length type', 'Short')],
  'pullover-fleece': [a('Fabric', 'Polyester'), a('Fabric', 'Fleece'), a('Clothing features', 'Insulated'), a('Clothing features', 'Quick drying'), a('Sleeve length type', 'Long')],
  'pullover-merino': [a('Fabric', 'Merino wool'), a('Neckline', 'Crew neck'), a('Sleeve length type', 'Long')],
  'hoodie-zip': [a('Fabric', 'Cotton'), a('Fabric', 'Polyester'), a('Closure type', 'Zipper'), a('Clothing features', 'Hooded'), a('Sleeve length type', 'Long')],
  'laptop-air13': [a('Operating system', 'Linux'), a('Display type', 'IPS'), a('Screen size', '13.3 in'), a('Condition', 'new')],
  'laptop-pro15': [a('Operating system', 'Linux'), a('Display type', 'OLED'), a('Screen size', '15.6 in'), a('Condition', 'new')],
  'shoes-runner': [a('Shoe fit', 'Regular'), a('Activity', 'Running')],
  'shoes-boot': [a('Closure type', 'Pull-on'), a('Activity', 'Casual')],
  'sneaker-canvas': [a('Closure type', 'Lace-up'), a('Activity', 'Casual')],
  'socks-3pack': [a('Fabric', 'Cotton'), a('Pack size', '3')],
}

/** The source's own attribute names as Shopify-style display names (the value's words kept). */
const ATTRIBUTE_NAMES: Readonly<Record<string, string>> = {
  audience: 'Audience', material: 'Material', fit: 'Fit', screen: 'Screen', screen_size_mm: 'Screen size mm', weight_g: 'Weight g',
  os: 'OS', brand: 'Brand', size_system: 'Size system', pairs: 'Pairs', memory_gb: 'Memory GB', storage_gb: 'Storage GB',
}
const TARGET_GENDER: Readonly<Record<string, string>> = { men: 'Male', women: 'Female', unisex: 'Unisex' }

function a(name: string, value: string): Attribute {
  return { name, value }
}

function attributesOf(source: Record<string, unknown> | undefined): Attribute[] {
  return Object.entries(source ?? {})
    .filter(([name]) => name !== 'fit')
    .map(([name, value]) => a(ATTRIBUTE_NAMES[name] ?? name, String(value)))
}

function labelOf(name: string, value: string): string {
  return name === 'Size' ? SIZE_LABELS[value] ?? value : value
}

function convertVariant(product: SourceProduct, variant: SourceVariant) {
  const options = Object.entries(variant.options ?? {}).map(([name, value]) => ({ name, label: labelOf(name, value) }))
  const title = variant.title ?? (options.length === 0 ? product.title : options.map((option) => option.label).join(' / '))
  return {
    id: variant.id,
    sku: variant.id.toUpperCase(),
    title,
    description: { plain: `${product.title}, ${title}` },
    price: { amount: variant.price_cents, currency: product.currency },
    availability: { available: variant.available, status: variant.available ? 'in_stock' : 'out_of_stock' },
    ...(options.length === 0 ? {} : { options }),
    ...(variant.attributes === undefined ? {} : { attributes: attributesOf(variant.attributes) }),
    seller: SELLER,
  }
}

function convertProduct(product: SourceProduct) {
  const sourceVariants = product.variants ?? [{ id: product.id, price_cents: product.price_cents!, available: product.available ?? true }]
  const variants = sourceVariants.map((variant) => convertVariant(product, variant))
  const amounts = variants.map((variant) => variant.price.amount)
  const price = (amount: number) => ({ amount, currency: product.currency })
  const paths = CATEGORY_PATHS[product.product_type]
  if (paths === undefined) throw new Error(`no category paths for ${product.product_type}`)
  const options = (product.options ?? []).map((name) => ({
    name,
    values: [...new Set(sourceVariants.map((variant) => variant.options?.[name]).filter((value) => value !== undefined))].map((value) => ({ label: labelOf(name, value) })),
  }))
  const audience = product.attributes.audience
  const attributes = [
    a('Brand', product.vendor),
    ...attributesOf(product.attributes).filter((attribute) => attribute.name !== 'Brand'),
    ...(typeof audience === 'string' ? [a('Target gender', TARGET_GENDER[audience] ?? audience)] : []),
    ...(EXTRA_ATTRIBUTES[product.id] ?? []),
  ]
  return {
    id: product.id,
    handle: product.id,
    title: product.title,
    description: { plain: `${product.title} by ${product.vendor}: ${product.attributes.material ?? product.attributes.screen ?? product.product_type}.` },
    categories: [
      { value: paths.shopify, taxonomy: 'shopify' },
      { value: paths.google, taxonomy: 'google_product_category' },
      { value: product.product_type, taxonomy: 'merchant' },
    ],
    price_range: { min: price(Math.min(...amounts)), max: price(Math.max(...amounts)) },
    ...(options.length === 0 ? {} : { options }),
    variants,
    tags: product.tags,
    attributes,
  }
}

const source = JSON.parse(readFileSync(SOURCE, 'utf8')) as SourceProduct[]
const products = source.map(convertProduct)
writeFileSync(TARGET, `[\n${products.map((product) => JSON.stringify(product)).join(',\n')}\n]\n`)
console.log(`wrote ${products.length} products, ${products.reduce((n, product) => n + product.variants.length, 0)} variants to ${TARGET}`)
