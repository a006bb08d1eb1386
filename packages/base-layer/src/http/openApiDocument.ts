// The OpenAPI description of the JSON-RPC endpoint, served at /openapi.json and in Swagger UI,
// generated from the method schemas of rpcSchemas.ts. One path (`POST /`) whose request body is
// one of the methods' request envelopes; the full reference is docs/base-layer-rpc.md.
import { baseLayerMethods } from '../rpc/rpcMethods.ts'
import { RPC_BATCH_REQUESTS_MAX } from '../limits.ts'
import { rpcRequestSchema, RpcResponse } from './rpcSchemas.ts'

/** The OpenAPI 3.0 document of the node (u64 fields are written as OpenAPI integers by the edge). */
export function openApiDocument(): Record<string, unknown> {
  const json = (schema: unknown) => ({ 'application/json': { schema: JSON.parse(JSON.stringify(schema)) } })
  const errorReply = (description: string) => ({ description, content: json(RpcResponse) })
  // One of the methods' envelopes (each titled with its method), or a batch of them.
  const requests = baseLayerMethods.map(rpcRequestSchema)
  const body = { oneOf: [...requests, { type: 'array', items: { oneOf: requests }, minItems: 1, maxItems: RPC_BATCH_REQUESTS_MAX }] }
  return {
    openapi: '3.0.3',
    info: { title: 'Verity base layer (JSON-RPC 2.0)', version: '0.1.0', description: 'All methods are called with POST / (JSON-RPC 2.0, batches of up to 32). See docs/base-layer-rpc.md.' },
    paths: {
      '/': {
        post: {
          summary: 'JSON-RPC 2.0 call or batch',
          requestBody: { required: true, content: json(body) },
          responses: {
            200: { description: 'a JSON-RPC response (result or error) or an array of them', content: json({ oneOf: [RpcResponse, { type: 'array', items: RpcResponse }] }) },
            204: { description: 'only notifications were sent' },
            413: errorReply('the body exceeds the limit (JSON-RPC error body)'),
            415: errorReply('the content type is not application/json (JSON-RPC error body)'),
            429: errorReply('rate limited (JSON-RPC error body, Retry-After set)'),
          },
        },
      },
      '/health': { get: { summary: 'liveness', responses: { 200: { description: '{ "status": "ok" }' } } } },
    },
  }
}
