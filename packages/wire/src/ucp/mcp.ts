// The MCP binding of UCP 2026-04-08 (docs/specification/overview.md "Model Context Protocol",
// catalog/mcp.md): JSON-RPC 2.0 `tools/call` with the UCP payload in `params.arguments` beside
// `meta["ucp-agent"].profile`; the reply's `result.structuredContent` is the UCP response.
import { Type } from 'typebox'

const JsonRpcId = Type.Union([Type.String(), Type.Integer()])

/** `arguments.meta`: the platform profile URI of the caller (required on every request). */
export const UcpMcpMeta = Type.Object({ 'ucp-agent': Type.Object({ profile: Type.String() }) })

/** A `tools/call` request; catalog tools carry their request object in `arguments.catalog`. */
export const UcpMcpToolCallRequest = Type.Object({
  jsonrpc: Type.Literal('2.0'),
  id: JsonRpcId,
  method: Type.Literal('tools/call'),
  params: Type.Object({
    name: Type.String({ description: 'search_catalog, lookup_catalog, get_product, ...' }),
    arguments: Type.Object({ meta: UcpMcpMeta, catalog: Type.Optional(Type.Record(Type.String(), Type.Unknown())) }),
  }),
})

/** A JSON-RPC error (transport failures: -32001 discovery/version, -32000 protocol, -32602 invalid params, -32603 internal). */
export const JsonRpcError = Type.Object({ code: Type.Integer(), message: Type.String(), data: Type.Optional(Type.Unknown()) })

/** A `tools/call` reply: `result.structuredContent` (the UCP response) or a JSON-RPC `error`. */
export const UcpMcpToolCallResponse = Type.Union([
  Type.Object({
    jsonrpc: Type.Literal('2.0'),
    id: JsonRpcId,
    result: Type.Object({
      structuredContent: Type.Record(Type.String(), Type.Unknown()),
      content: Type.Optional(Type.Array(Type.Object({ type: Type.String(), text: Type.Optional(Type.String()) }))),
      isError: Type.Optional(Type.Boolean()),
    }),
  }),
  Type.Object({ jsonrpc: Type.Literal('2.0'), id: Type.Union([JsonRpcId, Type.Null()]), error: JsonRpcError }),
])
