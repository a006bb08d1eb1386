import assert from 'node:assert/strict'
import {
  describeUcpViolations,
  UcpBusinessProfile,
  UcpErrorResponse,
  UcpGetProductReply,
  UcpLookupResponse,
  UcpMcpToolCallResponse,
  UcpSearchReply,
  validateUcp,
  type TSchema,
} from '@verity/wire'
import type { FastifyInstance } from 'fastify'

/** A reply as the tests see it: status, headers and parsed JSON (undefined for an empty body). */
export type CheckedReply = { status: number; headers: Record<string, unknown>; body: any }

/** The UCP schema every reply of each REST path must validate against (errors: error_response.json). */
const REPLY_SCHEMA_BY_PATH: Readonly<Record<string, TSchema>> = {
  '/.well-known/ucp': UcpBusinessProfile,
  '/ucp/catalog/search': UcpSearchReply,
  '/ucp/catalog/lookup': UcpLookupResponse,
  '/ucp/catalog/product': UcpGetProductReply,
}
const RESULT_SCHEMA_BY_TOOL: Readonly<Record<string, TSchema>> = {
  search_catalog: UcpSearchReply,
  lookup_catalog: UcpLookupResponse,
  get_product: UcpGetProductReply,
}

/** Every reply a test sees, checked (tests assert that some were). */
export const checkedReplyCount = { value: 0 }

function assertValid(schema: TSchema, value: unknown, what: string): void {
  const checked = validateUcp(schema, value)
  assert.ok(checked.ok, `${what} breaks the UCP 2026-04-08 schema: ${checked.ok ? '' : describeUcpViolations(checked.violations)}\n${JSON.stringify(value).slice(0, 2_000)}`)
  checkedReplyCount.value++
}

/**
 * Sends a request to the store app (inject) and checks the reply against the UCP 2026-04-08 shapes
 * before the test sees it: 2xx REST replies against their operation's reply schema, REST failures
 * against error_response.json, MCP replies against the JSON-RPC tools/call reply and, for results,
 * their structuredContent against the tool's reply schema (and `content[0].text` equal to it).
 */
export async function requestChecked(app: FastifyInstance, request: { method?: 'GET' | 'POST'; url: string; body?: unknown; payload?: string; headers?: Record<string, string> }): Promise<CheckedReply> {
  const response = await app.inject({
    method: request.method ?? 'POST',
    url: request.url,
    headers: { 'content-type': 'application/json', ...request.headers },
    ...(request.payload !== undefined ? { payload: request.payload } : request.body !== undefined ? { payload: JSON.stringify(request.body) } : {}),
  })
  const body = response.body === '' ? undefined : JSON.parse(response.body)
  const path = request.url.split('?')[0]!
  if (path === '/ucp/mcp') checkMcpReply(response.statusCode, body, request.body)
  else if (response.statusCode >= 400) assertValid(UcpErrorResponse, body, `${path} ${response.statusCode}`)
  else if (REPLY_SCHEMA_BY_PATH[path] !== undefined) assertValid(REPLY_SCHEMA_BY_PATH[path], body, path)
  return { status: response.statusCode, headers: response.headers, body }
}

function checkMcpReply(status: number, body: any, sent: any): void {
  if (status === 202) return assert.equal(body, undefined, 'a notification gets no body')
  if (body.error !== undefined || sent?.method === 'tools/call') assertValid(UcpMcpToolCallResponse, body, 'MCP reply')
  else assert.deepEqual([body.jsonrpc, body.id, typeof body.result], ['2.0', sent.id, 'object'], 'a JSON-RPC 2.0 result')
  const tool = sent?.method === 'tools/call' ? sent.params?.name : undefined
  if (body.result !== undefined && RESULT_SCHEMA_BY_TOOL[tool] !== undefined) {
    assertValid(RESULT_SCHEMA_BY_TOOL[tool], body.result.structuredContent, `MCP ${tool} structuredContent`)
    assert.deepEqual(JSON.parse(body.result.content[0].text), body.result.structuredContent, 'content[0].text is the structured content as JSON')
  }
}

/** The UCP-Agent header a platform sends (the store reads, never fetches, it). */
export const UCP_AGENT = { 'ucp-agent': 'profile="https://agent.example/.well-known/ucp"' }
