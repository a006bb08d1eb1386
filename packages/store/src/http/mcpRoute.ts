import { isVerityError } from '@verity/core'
import { UcpMcpMeta } from '@verity/wire'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { StoreCatalog } from '../catalog/StoreCatalog.ts'
import { MCP_ENDPOINT_PATH } from '../profile/buildBusinessProfile.ts'
import { catalogRequestSchema, CATALOG_OPERATION_NAMES, runCatalogOperation, type CatalogOperationName } from '../ucp/catalogOperations.ts'
import { readPlatformProfile } from '../ucp/readPlatformProfile.ts'
import { UnreadableBody } from '../ucp/UnreadableBody.ts'
import {
  httpStatusOfJsonRpcCode,
  jsonRpcError,
  jsonRpcResult,
  JSON_RPC_INVALID_PARAMS,
  JSON_RPC_INVALID_REQUEST,
  JSON_RPC_METHOD_NOT_FOUND,
  JSON_RPC_PARSE_ERROR,
  type JsonRpcId,
} from './jsonRpc.ts'
import { answerOf } from './ucpErrorCodes.ts'
import type { CheckoutGateway } from '../checkout/CheckoutGateway.ts'
import { callCheckoutTool, CHECKOUT_TOOLS, checkoutToolList } from './mcpCheckoutTools.ts'
import { signedRequestOf, type BodyTexts } from './signedRequestOf.ts'

/** MCP protocol revisions this endpoint speaks (initialize answers the client's when listed, else the newest). */
const MCP_PROTOCOL_VERSIONS = ['2025-06-18', '2025-03-26']
const TOOL_DESCRIPTIONS: Readonly<Record<CatalogOperationName, string>> = {
  search_catalog: 'Search the demo store: `catalog.query` words and `catalog.filters` (categories, price in minor units, options, attributes, available).',
  lookup_catalog: 'Look up products or variants by id (`catalog.ids`).',
  get_product: 'Full detail of one product or variant (`catalog.id`), with option selection (`selected`, `preferences`).',
}

type Envelope = { id: JsonRpcId; method: string; params: unknown }

type McpParameters = {
  catalog: StoreCatalog
  version: string
  /** With checkout: the checkout and order tools. */
  gateway?: CheckoutGateway
  /** The JSON text of each request's body as received (a checkout tool call is signed over it). */
  bodyTexts: BodyTexts
}

/**
 * The MCP binding (catalog/mcp.md, overview.md "Model Context Protocol"): JSON-RPC 2.0 over HTTP
 * POST at `<base>/ucp/mcp`, answered with application/json. `tools/call` of search_catalog,
 * lookup_catalog and get_product with `arguments: {meta: {"ucp-agent": {profile}}, catalog: {…}}`
 * answers `result.structuredContent` (the UCP reply) and the same as JSON text in `content`.
 * `initialize`, `ping` and `tools/list` make it usable from MCP clients; notifications get 202.
 * With checkout (`gateway`), also the checkout and order tools (mcpCheckoutTools.ts).
 */
export function registerMcpRoute(app: FastifyInstance, parameters: McpParameters): void {
  app.post(MCP_ENDPOINT_PATH, async (request, reply) => {
    const envelope = readEnvelope(request.body)
    if ('error' in envelope) return send(reply, envelope.error)
    if (envelope.id === undefined) return reply.code(202).send()
    try {
      const toolName = envelope.method === 'tools/call' ? (envelope.params as { name?: unknown } | undefined)?.name : undefined
      if (parameters.gateway !== undefined && typeof toolName === 'string' && Object.hasOwn(CHECKOUT_TOOLS, toolName)) {
        const signed = signedRequestOf(request, parameters.bodyTexts.get(request.raw))
        const answer = await callCheckoutTool(parameters.gateway, toolName, (envelope.params as { arguments?: unknown }).arguments, signed)
        if ('result' in answer) return send(reply, jsonRpcResult(envelope.id, answer.result))
        return reply.code(answer.error.httpStatus).send(jsonRpcError(envelope.id, answer.error.jsonRpcCode, answer.error.message, answer.error.data))
      }
      return send(reply, jsonRpcResult(envelope.id, answer(envelope as Envelope, parameters)))
    } catch (error) {
      if (error instanceof MethodError) return send(reply, jsonRpcError(envelope.id, error.jsonRpcCode, error.message))
      if (!isVerityError(error)) throw error
      const { jsonRpcCode, ucpCode } = answerOf(error.code)
      return send(reply, jsonRpcError(envelope.id, jsonRpcCode, error.message, { code: ucpCode, content: error.message }))
    }
  })
}

class MethodError extends Error {
  constructor(readonly jsonRpcCode: number, message: string) {
    super(message)
  }
}

function send(reply: FastifyReply, body: { jsonrpc: '2.0'; error?: { code: number } }) {
  return reply.code(body.error === undefined ? 200 : httpStatusOfJsonRpcCode(body.error.code)).send(body)
}

function readEnvelope(body: unknown): { id: JsonRpcId | undefined; method: string; params: unknown } | { error: ReturnType<typeof jsonRpcError> } {
  if (body instanceof UnreadableBody) return { error: jsonRpcError(null, JSON_RPC_PARSE_ERROR, `Parse error: ${body.reason}`) }
  if (Array.isArray(body)) return { error: jsonRpcError(null, JSON_RPC_INVALID_REQUEST, 'Invalid Request: batches are not supported; send one request per POST') }
  const envelope = body as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown } | undefined
  const id = envelope?.id
  const isId = id === undefined || id === null || typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id))
  if (typeof envelope !== 'object' || envelope === null || envelope.jsonrpc !== '2.0' || typeof envelope.method !== 'string' || !isId)
    return { error: jsonRpcError(isId && typeof id !== 'undefined' ? (id as JsonRpcId) : null, JSON_RPC_INVALID_REQUEST, 'Invalid Request: expected {"jsonrpc": "2.0", "id", "method", "params"}') }
  return { id: id as JsonRpcId | undefined, method: envelope.method, params: envelope.params }
}

function answer(envelope: Envelope, parameters: McpParameters): unknown {
  switch (envelope.method) {
    case 'initialize': {
      const asked = (envelope.params as { protocolVersion?: unknown } | undefined)?.protocolVersion
      const protocolVersion = typeof asked === 'string' && MCP_PROTOCOL_VERSIONS.includes(asked) ? asked : MCP_PROTOCOL_VERSIONS[0]
      return { protocolVersion, capabilities: { tools: {} }, serverInfo: { name: 'verity-demo-store', version: parameters.version } }
    }
    case 'ping':
      return {}
    case 'tools/list':
      return { tools: [...CATALOG_OPERATION_NAMES.map(toolOf), ...(parameters.gateway === undefined ? [] : checkoutToolList())] }
    case 'tools/call':
      return callTool(envelope.params, parameters.catalog)
    default:
      throw new MethodError(JSON_RPC_METHOD_NOT_FOUND, `Method not found: ${envelope.method.slice(0, 64)}`)
  }
}

function toolOf(name: CatalogOperationName) {
  const inputSchema = { type: 'object', properties: { meta: UcpMcpMeta, catalog: catalogRequestSchema(name) }, required: ['meta', 'catalog'] }
  return { name, description: TOOL_DESCRIPTIONS[name], inputSchema, annotations: { readOnlyHint: true } }
}

function callTool(params: unknown, catalog: StoreCatalog) {
  const { name, arguments: args } = (params ?? {}) as { name?: unknown; arguments?: { meta?: { 'ucp-agent'?: { profile?: unknown } }; catalog?: unknown } }
  if (typeof name !== 'string' || !(CATALOG_OPERATION_NAMES as string[]).includes(name))
    throw new MethodError(JSON_RPC_INVALID_PARAMS, `unknown tool ${JSON.stringify(String(name).slice(0, 64))}; this store has ${CATALOG_OPERATION_NAMES.join(', ')}`)
  readPlatformProfile({ fromMeta: args?.meta?.['ucp-agent']?.profile })
  const structuredContent = runCatalogOperation(catalog, name as CatalogOperationName, args?.catalog)
  return { structuredContent, content: [{ type: 'text', text: JSON.stringify(structuredContent) }] }
}
