import { UCP_VERSION, UcpErrorResponse, UcpGetProductResponse, type Static, type UcpDetailProduct } from '@verity/wire'
import { UcpVersionUnsupportedError } from '../errors/ucpErrors.ts'
import { checkUcpShape } from './readUcpJson.ts'

/** What a get_product reply says: the product, or that the business knows no such id (its own words). */
export type GetProductOutcome = { found: true; product: Static<typeof UcpDetailProduct> } | { found: false; businessMessage: string }

/**
 * Reads the UCP payload of a get_product reply (REST body or MCP `structuredContent`):
 * `ucp.status: "error"` must be an error_response (its messages are the business's answer; a
 * `version_unsupported` one is UcpVersionUnsupportedError), anything else a get_product_response
 * processed at our version. Throws UcpBadReplyError / UcpPriceInvalidError for a reply breaking the schema.
 */
export function interpretGetProduct(json: unknown, url: string, business: string): GetProductOutcome {
  const status = typeof json === 'object' && json !== null ? (json as { ucp?: { status?: unknown } }).ucp?.status : undefined
  if (status === 'error') {
    const reply = checkUcpShape(UcpErrorResponse, json, url, 'the get_product reply')
    const unsupported = reply.messages.find((message) => message.code === 'version_unsupported')
    if (unsupported !== undefined)
      throw new UcpVersionUnsupportedError({ business, reason: `this extractor speaks UCP ${UCP_VERSION}; the business answered: ${unsupported.content}` })
    return { found: false, businessMessage: reply.messages.map((message) => message.content).join('; ') }
  }
  const reply = checkUcpShape(UcpGetProductResponse, json, url, 'the get_product reply')
  if (reply.ucp.version !== UCP_VERSION)
    throw new UcpVersionUnsupportedError({ business, reason: `the business answered at UCP ${reply.ucp.version}; this extractor speaks UCP ${UCP_VERSION}` })
  return { found: true, product: reply.product }
}

/** The UCP negotiation error a transport-level refusal may carry (`{code: "version_unsupported", content}`, REST 422 / MCP -32001 data). */
export function versionRefusal(body: unknown, business: string): UcpVersionUnsupportedError | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const { code, content } = body as { code?: unknown; content?: unknown }
  if (code !== 'version_unsupported') return undefined
  return new UcpVersionUnsupportedError({ business, reason: `this extractor speaks UCP ${UCP_VERSION}; the business answered: ${typeof content === 'string' ? content.slice(0, 500) : 'version_unsupported'}` })
}
