// The OpenAPI description of the JSON-RPC endpoint, served at /openapi.json and in Swagger UI.
// One path (`POST /`) whose request body is one of the methods' request envelopes; the full
// reference (errors, semantics) is docs/base-layer-rpc.md.
import type { BaseLayerMethod } from '../rpc/rpcMethods.ts'

type Schema = Record<string, unknown>

const integer: Schema = { type: 'integer', minimum: 0, description: 'u64, exact (never rounded)' }
const shard: Schema = { type: 'integer', minimum: 1 }
const hashDigest: Schema = { type: 'string', description: 'base58 of a 32-byte SHA-256 digest' }
const signature: Schema = {
  type: 'object',
  description: 'operator Ed25519 signature over UTF-8 JCS({ method, payload: params without signature })',
  properties: { Ed25519: { type: 'object', properties: { pub_key: { type: 'string' }, signature: { type: 'string' } }, required: ['pub_key', 'signature'] } },
  required: ['Ed25519'],
}

const methods: Record<BaseLayerMethod, { summary: string; params: Record<string, Schema>; required: string[] }> = {
  getAgreement: { summary: 'the domain agreement of a shard, or null', params: { shard }, required: ['shard'] },
  submitAgreement: {
    summary: 'register the signer as operator of a shard (pending, then active after the delay)',
    params: {
      shard,
      guardrail_program_ids: { type: 'array', items: { type: 'string' }, maxItems: 16 },
      guardrails: {
        type: 'array',
        maxItems: 16,
        description: 'declared guardrail templates, in proof order: template id and base64url compiled template bytes',
        items: { type: 'object', properties: { template_id: { type: 'string' }, template: { type: 'string' } }, required: ['template_id', 'template'] },
      },
      nonce: integer,
      signature,
    },
    required: ['shard', 'guardrail_program_ids', 'nonce', 'signature'],
  },
  submitSdl: {
    summary: 'settle a signed, proven SDL: { status: applied | failed, … }',
    params: { content: { type: 'object', description: "the ledger's SdlContent" }, proofs: { type: 'array', items: { type: 'object' }, minItems: 1 }, signature, hash: hashDigest },
    required: ['content', 'proofs', 'signature'],
  },
  getSdlStatus: { summary: 'settlement status of an SDL by hash', params: { hash: hashDigest }, required: ['hash'] },
  pullCredits: {
    summary: 'credits queued for a shard after a cursor',
    params: { shard, cursor: integer, limit: { type: 'integer', minimum: 1, maximum: 1000 } },
    required: ['shard'],
  },
  getVault: { summary: 'the finalized vault at "<owner_id>,<shard>", or null', params: { address: { type: 'string' } }, required: ['address'] },
  getShard: { summary: "a shard's settlement position (sequence, last SDL hash, root, credit cursors)", params: { shard }, required: ['shard'] },
  getAccount: { summary: 'a native account funded at genesis, or null', params: { owner_id: hashDigest }, required: ['owner_id'] },
}

function requestSchema(method: BaseLayerMethod): Schema {
  const { summary, params, required } = methods[method]
  return {
    title: method,
    description: summary,
    type: 'object',
    properties: {
      jsonrpc: { type: 'string', enum: ['2.0'] },
      id: { oneOf: [{ type: 'string' }, { type: 'integer' }], description: 'absent for a notification' },
      method: { type: 'string', enum: [method] },
      params: { type: 'object', properties: params, required, additionalProperties: false },
    },
    required: ['jsonrpc', 'method'],
  }
}

/** The OpenAPI 3.0 document of the node. */
export function openApiDocument(): Record<string, unknown> {
  const requests = (Object.keys(methods) as BaseLayerMethod[]).map(requestSchema)
  const response = {
    type: 'object',
    properties: {
      jsonrpc: { type: 'string', enum: ['2.0'] },
      id: { oneOf: [{ type: 'string' }, { type: 'integer' }], nullable: true },
      result: { description: 'the method result (see docs/base-layer-rpc.md)' },
      error: {
        type: 'object',
        properties: { code: { type: 'integer' }, message: { type: 'string' }, data: { type: 'object', properties: { code: { type: 'string' }, index: { type: 'integer' } } } },
      },
    },
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Verity base layer (JSON-RPC 2.0)', version: '0.1.0', description: 'All methods are called with POST / (JSON-RPC 2.0, batches of up to 32). See docs/base-layer-rpc.md.' },
    paths: {
      '/': {
        post: {
          summary: 'JSON-RPC 2.0 call or batch',
          requestBody: {
            required: true,
            content: { 'application/json': { schema: { oneOf: [...requests, { type: 'array', items: { oneOf: requests }, minItems: 1, maxItems: 32 }] } } },
          },
          responses: {
            200: { description: 'a JSON-RPC response (result or error) or an array of them', content: { 'application/json': { schema: { oneOf: [response, { type: 'array', items: response }] } } } },
            204: { description: 'only notifications were sent' },
            413: { description: 'the body exceeds the limit (JSON-RPC error body)' },
            415: { description: 'the content type is not application/json (JSON-RPC error body)' },
          },
        },
      },
      '/health': { get: { summary: 'liveness', responses: { 200: { description: '{ "status": "ok" }' } } } },
    },
  }
}
