import { signUcpRequest, type EvidenceSource, type UcpRequestKey } from '@verity/core'
import { UcpCheckout, UcpMcpToolCallResponse, type Static } from '@verity/wire'
import { UcpBadReplyError, UcpRequestRefusedError } from '../errors/ucpErrors.ts'
import { VariantNotFoundError } from '../errors/extractorErrors.ts'
import type { UcpBusiness } from './discoverUcpBusiness.ts'
import { checkUcpShape, parseUcpJson } from './readUcpJson.ts'
import { sendUcpRequest, type UcpTransportContext } from './sendUcpRequest.ts'

export type GetUcpCheckoutParameters = Readonly<{
  business: UcpBusiness
  checkoutId: string
  agentProfileUrl: string
  context: UcpTransportContext
  sources: EvidenceSource[]
  /**
   * The key the extractor signs the read with (RFC 9421, UCP signatures.md), the one its platform
   * profile lists: a business answers a session only to its opener and to verifiers it trusts.
   */
  requestKey?: UcpRequestKey | undefined
}>

let jsonRpcIdNext = 1

function agentHeader(profileUrl: string): string {
  return `profile="${profileUrl.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`
}

/**
 * Reads one checkout session of a business (UCP 2026-04-08 checkout, Get Checkout): REST
 * `GET {endpoint}/checkout-sessions/{id}`, MCP `tools/call` of `get_checkout` with `{id}`. The reply
 * is checked against the checkout schema and recorded in `sources` (its SHA-256 covers the
 * business's `ap2.merchant_authorization`). Signed with `requestKey` when given. 404 is
 * VariantNotFoundError naming the session.
 */
export async function getUcpCheckout(parameters: GetUcpCheckoutParameters): Promise<Static<typeof UcpCheckout>> {
  const { business, checkoutId, agentProfileUrl, context, sources, requestKey } = parameters
  const headers = { 'ucp-agent': agentHeader(agentProfileUrl) }
  const signed = (method: string, url: URL, sent: Record<string, string>, body?: string) =>
    requestKey === undefined ? sent : { ...sent, ...signUcpRequest({ method, url, headers: sent, body, key: requestKey }) }
  if (business.transport === 'rest') {
    const url = new URL(`${business.endpoint.href.replace(/\/$/, '')}/checkout-sessions/${encodeURIComponent(checkoutId)}`)
    const reply = await sendUcpRequest(url, { accept: 'application/json', headers: signed('GET', url, headers), statusesRead: [404] }, context, sources)
    if (reply.status === 404) throw new VariantNotFoundError({ solution: checkoutId, selection: `checkout session ${JSON.stringify(checkoutId)} at ${business.base}` })
    return checkUcpShape(UcpCheckout, parseUcpJson(reply.body, reply.url, 'the checkout'), reply.url, 'the checkout')
  }
  const id = jsonRpcIdNext++
  const call = { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_checkout', arguments: { meta: { 'ucp-agent': { profile: agentProfileUrl } }, id: checkoutId } } }
  const body = JSON.stringify(call)
  const sent = { ...headers, 'content-type': 'application/json' }
  const reply = await sendUcpRequest(business.endpoint, { method: 'POST', accept: 'application/json', headers: signed('POST', business.endpoint, sent, body), body }, context, sources)
  const message = checkUcpShape(UcpMcpToolCallResponse, parseUcpJson(reply.body, reply.url, 'the MCP reply'), reply.url, 'the MCP reply')
  if ('error' in message) throw new UcpRequestRefusedError({ url: reply.url, reason: `get_checkout: JSON-RPC error ${message.error.code}: ${message.error.message.slice(0, 200)}` })
  if (message.id !== id) throw new UcpBadReplyError({ url: reply.url, reason: `the JSON-RPC reply answers id ${JSON.stringify(message.id)}, not ${id}` })
  const content = message.result.structuredContent as { checkout?: unknown } | undefined
  return checkUcpShape(UcpCheckout, content?.checkout ?? content, reply.url, 'the checkout')
}
