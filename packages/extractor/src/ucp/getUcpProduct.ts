import type { EvidenceSource } from '@verity/core'
import { UcpMcpToolCallResponse, type Static, type UcpGetProductRequest } from '@verity/wire'
import { UcpBadReplyError, UcpRequestRefusedError } from '../errors/ucpErrors.ts'
import type { FetchedReply } from '../http/fetchBounded.ts'
import { UCP_MCP_EVENTS_MAX } from '../limits.ts'
import type { UcpBusiness } from './discoverUcpBusiness.ts'
import { interpretGetProduct, versionRefusal, type GetProductOutcome } from './interpretGetProduct.ts'
import { checkUcpShape, parseUcpJson } from './readUcpJson.ts'
import { sendUcpRequest, type UcpTransportContext } from './sendUcpRequest.ts'

export type GetUcpProductParameters = Readonly<{
  business: UcpBusiness
  request: Static<typeof UcpGetProductRequest>
  /** Our platform profile URI, advertised on every request (overview.md, "Platform Advertisement on Request"). */
  agentProfileUrl: string
  context: UcpTransportContext
  sources: EvidenceSource[]
}>

/** 4xx replies read for a UCP negotiation error before refusing (overview.md, "Error Codes"). */
const NEGOTIATION_STATUSES: readonly number[] = [400, 422, 424]

let jsonRpcIdNext = 1

/** RFC 8941 sf-string of the profile URI, for `UCP-Agent: profile="..."`. */
function agentHeader(profileUrl: string): string {
  return `profile="${profileUrl.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`
}

function refused(reply: FetchedReply, business: string): Error {
  let body: unknown
  try {
    body = JSON.parse(reply.body)
  } catch {
    body = undefined
  }
  const data = (body as { error?: { data?: unknown } } | undefined)?.error?.data ?? body
  return versionRefusal(data, business) ?? new UcpRequestRefusedError({ url: reply.url, reason: `status ${reply.status}: ${reply.body.slice(0, 200)}` })
}

/** REST binding: `POST {endpoint}/catalog/product` with the request as the body (catalog/rest.md). */
async function getOverRest(parameters: GetUcpProductParameters): Promise<GetProductOutcome> {
  const { business, request, agentProfileUrl, context, sources } = parameters
  const url = new URL(`${business.endpoint.href.replace(/\/$/, '')}/catalog/product`)
  const headers = { 'content-type': 'application/json', 'ucp-agent': agentHeader(agentProfileUrl) }
  const reply = await sendUcpRequest(url, { method: 'POST', accept: 'application/json', headers, body: JSON.stringify(request), statusesRead: NEGOTIATION_STATUSES }, context, sources)
  if (reply.status < 200 || reply.status > 299) throw refused(reply, business.base)
  return interpretGetProduct(parseUcpJson(reply.body, reply.url, 'the get_product reply'), reply.url, business.base)
}

/** The JSON-RPC message of an MCP reply: the body, or the event of a `text/event-stream` reply answering `id`. */
function jsonRpcMessage(reply: FetchedReply, id: number): unknown {
  if (!reply.contentType.toLowerCase().startsWith('text/event-stream')) return parseUcpJson(reply.body, reply.url, 'the MCP reply')
  const events = reply.body.split(/\r?\n\r?\n/).slice(0, UCP_MCP_EVENTS_MAX)
  for (const event of events) {
    const data = event.split(/\r?\n/).filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trimStart()).join('\n')
    if (data === '') continue
    const message = parseUcpJson(data, reply.url, 'an MCP event')
    if (typeof message === 'object' && message !== null && (message as { id?: unknown }).id === id) return message
  }
  throw new UcpBadReplyError({ url: reply.url, reason: `no JSON-RPC reply with id ${id} in the first ${UCP_MCP_EVENTS_MAX} events` })
}

/** MCP binding: JSON-RPC `tools/call` of `get_product` over HTTP POST to the endpoint (catalog/mcp.md). */
async function getOverMcp(parameters: GetUcpProductParameters): Promise<GetProductOutcome> {
  const { business, request, agentProfileUrl, context, sources } = parameters
  const id = jsonRpcIdNext++
  const call = { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'get_product', arguments: { meta: { 'ucp-agent': { profile: agentProfileUrl } }, catalog: request } } }
  const headers = { 'content-type': 'application/json', 'ucp-agent': agentHeader(agentProfileUrl) }
  const reply = await sendUcpRequest(business.endpoint, { method: 'POST', accept: 'application/json, text/event-stream', headers, body: JSON.stringify(call), statusesRead: NEGOTIATION_STATUSES }, context, sources)
  if (reply.status < 200 || reply.status > 299) throw refused(reply, business.base)
  const message = checkUcpShape(UcpMcpToolCallResponse, jsonRpcMessage(reply, id), reply.url, 'the MCP reply')
  if ('result' in message && message.id !== id)
    throw new UcpBadReplyError({ url: reply.url, reason: `the JSON-RPC reply answers id ${JSON.stringify(message.id)}, not ${id}` })
  if ('error' in message) {
    const { code, message: text, data } = message.error
    throw versionRefusal(data, business.base) ?? new UcpRequestRefusedError({ url: reply.url, reason: `JSON-RPC error ${code}: ${text.slice(0, 200)}` })
  }
  return interpretGetProduct(message.result.structuredContent, reply.url, business.base)
}

/**
 * Asks the business for one product or variant (`get_product`, catalog/lookup.md) over the binding
 * discovery chose, through the fetch guard, recording the reply in `sources`.
 */
export async function getUcpProduct(parameters: GetUcpProductParameters): Promise<GetProductOutcome> {
  return parameters.business.transport === 'rest' ? getOverRest(parameters) : getOverMcp(parameters)
}
