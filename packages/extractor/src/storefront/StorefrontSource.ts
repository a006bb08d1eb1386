import type { EvidenceSource } from '@verity/core'
import { openEgress, type Egress, type EgressOptions } from '../egress/openEgress.ts'
import { StorefrontReplyError, StorefrontUnavailableError, UnsupportedSolutionError } from '../errors/extractorErrors.ts'
import { fetchBounded, type FetchedReply } from '../http/fetchBounded.ts'
import type { Product } from '../product/Product.ts'
import type { ProductMatch, ProductSource } from '../product/ProductSource.ts'
import { parseJsonLdProduct } from './parseJsonLdProduct.ts'
import { parseShopifyProductJs, parseShopifyProductJson } from './parseShopifyProduct.ts'
import { ReplyShapeError } from './ReplyShapeError.ts'

/** How a storefront source reaches the network (EgressOptions). */
export type StorefrontSourceOptions = EgressOptions

/** A product page path: `/products/<handle>` (a locale prefix such as `/en-ca` may come first). */
const PRODUCT_PATH = /^(.*\/products\/[^/]+?)(?:\.json|\.js|\.oembed)?\/?$/

type Attempt = { suffix: '.json' | '.js'; accept: string; parse: (json: unknown, source: string) => Product }

const SHOPIFY_ATTEMPTS: readonly Attempt[] = [
  { suffix: '.json', accept: 'application/json', parse: parseShopifyProductJson },
  { suffix: '.js', accept: 'application/json, text/javascript', parse: parseShopifyProductJs },
]

function isMissing(reply: FetchedReply): boolean {
  return reply.status === 404 || reply.status === 410
}

function assertSuccess(reply: FetchedReply): void {
  if (reply.status < 200 || reply.status > 299) throw new StorefrontUnavailableError({ url: reply.url, reason: `status ${reply.status}` })
}

function parseReply<T>(reply: FetchedReply, parse: (body: string) => T): T {
  try {
    return parse(reply.body)
  } catch (error) {
    if (error instanceof ReplyShapeError || error instanceof SyntaxError)
      throw new StorefrontReplyError({ url: reply.url, reason: `malformed reply: ${error.message}` }, { cause: error })
    throw error
  }
}

/**
 * Products from a storefront over HTTP. For a `/products/<handle>` URL it reads Shopify's product
 * JSON (`<url>.json`, then `<url>.js` when that is 404), and otherwise, or when both are 404, the
 * page itself and its JSON-LD `Product` markup. A `?variant=<id>` query selects a variant.
 * Every fetch is bounded in time, size and redirects (see limits.ts), and goes through the
 * storefront fetch guard: only http(s), allowed ports, public (or explicitly allowed) addresses,
 * connecting to exactly the address checked (see checkStorefrontTarget).
 */
export class StorefrontSource implements ProductSource {
  readonly #egress: Egress

  /** Throws InvalidOptionError for a bad port or private-address entry. */
  constructor(options: StorefrontSourceOptions = {}) {
    this.#egress = openEgress(options)
  }

  #parseSolution(solution: string): URL {
    const url = URL.parse(solution)
    if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:'))
      throw new UnsupportedSolutionError({ solution, reason: 'expected an http(s) product URL' })
    if (url.username !== '' || url.password !== '') throw new UnsupportedSolutionError({ solution, reason: 'URLs with credentials are refused' })
    if (!this.#egress.isUrlAllowed(url)) throw new UnsupportedSolutionError({ solution, reason: `host ${url.hostname} is not an allowed storefront` })
    return url
  }

  /** Fetches one document and records it in `sources` (URL, status, body hash) for the attestation. */
  async #fetch(url: URL, accept: string, sources: EvidenceSource[]): Promise<FetchedReply> {
    const reply = await fetchBounded(url, { accept, ...this.#egress })
    sources.push({ url: reply.url, status: reply.status, body_sha256: reply.bodySha256 })
    return reply
  }

  async #readShopify(productPath: string, url: URL, sources: EvidenceSource[]): Promise<Product | undefined> {
    for (const attempt of SHOPIFY_ATTEMPTS) {
      const reply = await this.#fetch(new URL(`${productPath}${attempt.suffix}`, url.origin), attempt.accept, sources)
      if (isMissing(reply)) continue
      assertSuccess(reply)
      return parseReply(reply, (body) => attempt.parse(JSON.parse(body), reply.url))
    }
    return undefined
  }

  async #readPage(url: URL, sources: EvidenceSource[]): Promise<Product | undefined> {
    const reply = await this.#fetch(url, 'text/html', sources)
    if (isMissing(reply)) return undefined
    assertSuccess(reply)
    const product = parseReply(reply, (body) => parseJsonLdProduct(body, reply.url))
    if (product === undefined) throw new StorefrontReplyError({ url: reply.url, reason: 'the page has no JSON-LD Product' })
    return product
  }

  async findProduct(solution: string): Promise<ProductMatch | undefined> {
    const url = this.#parseSolution(solution)
    const variantId = url.searchParams.get('variant')
    const selection = variantId === null || variantId === '' ? {} : { variantId }
    const productPath = PRODUCT_PATH.exec(url.pathname)?.[1]
    const sources: EvidenceSource[] = []
    const product = (productPath === undefined ? undefined : await this.#readShopify(productPath, url, sources)) ?? (await this.#readPage(url, sources))
    // The business is the origin the product was read from (after redirects), never what the page says.
    return product === undefined ? undefined : { product: { ...product, business: new URL(product.source).origin }, selection, sources }
  }
}

