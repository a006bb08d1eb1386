// The base layer's JSON-RPC 2.0 messages as TypeBox schemas: each method's params, the request
// envelope and the response. The OpenAPI document is generated from them (openApiDocument.ts);
// the methods read their params with rpc/readParams, whose errors are JSON-RPC -32602 in-band.
import { Ed25519Signature, HashDigest, U64 } from '@verity/wire'
import { Type, type TSchema } from 'typebox'
import { AGREEMENT_GUARDRAILS_MAX, CREDITS_PULL_LIMIT_MAX, PROGRAM_ID_CHARS_MAX, SDL_PROOFS_MAX } from '../limits.ts'
import type { BaseLayerMethod } from '../rpc/rpcMethods.ts'

const Shard = Type.Integer({ minimum: 1 })
const OperatorSignature = { ...Ed25519Signature, description: 'operator Ed25519 signature over UTF-8 JCS({ method, payload: params without signature })' }
const closed = { additionalProperties: false } as const

/** The params of each method, with a summary (docs/base-layer-rpc.md has the semantics). */
export const rpcMethodSchemas: Readonly<Record<BaseLayerMethod, { summary: string; params: TSchema }>> = Object.freeze({
  getAgreement: { summary: 'the domain agreement of a shard, or null', params: Type.Object({ shard: Shard }, closed) },
  submitAgreement: {
    summary: 'register the signer as operator of a shard (pending, then active after the delay)',
    params: Type.Object(
      {
        shard: Shard,
        guardrail_program_ids: Type.Array(Type.String({ maxLength: PROGRAM_ID_CHARS_MAX }), { maxItems: AGREEMENT_GUARDRAILS_MAX }),
        guardrails: Type.Optional(
          Type.Array(Type.Object({ template_id: HashDigest, template: Type.String({ description: 'base64url compiled template bytes' }) }), {
            maxItems: AGREEMENT_GUARDRAILS_MAX,
            description: 'declared guardrail templates, in proof order',
          }),
        ),
        nonce: U64,
        signature: OperatorSignature,
      },
      closed,
    ),
  },
  submitSdl: {
    summary: 'settle a signed, proven SDL: { status: applied | failed, … }',
    params: Type.Object(
      {
        content: Type.Record(Type.String(), Type.Unknown(), { description: "the ledger's SdlContent" }),
        proofs: Type.Array(Type.Record(Type.String(), Type.Unknown()), { minItems: 1, maxItems: SDL_PROOFS_MAX }),
        signature: OperatorSignature,
        hash: Type.Optional(HashDigest),
      },
      closed,
    ),
  },
  getSdlStatus: { summary: 'settlement status of an SDL by hash', params: Type.Object({ hash: HashDigest }, closed) },
  pullCredits: {
    summary: 'credits queued for a shard after a cursor',
    params: Type.Object({ shard: Shard, cursor: Type.Optional(U64), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: CREDITS_PULL_LIMIT_MAX })) }, closed),
  },
  getVault: { summary: 'the finalized vault at "<owner_id>,<shard>", or null', params: Type.Object({ address: Type.String() }, closed) },
  getShard: { summary: "a shard's settlement position (sequence, last SDL hash, root, credit cursors)", params: Type.Object({ shard: Shard }, closed) },
  getAccount: { summary: 'a native account funded at genesis, or null', params: Type.Object({ owner_id: HashDigest }, closed) },
})

const RequestId = Type.Union([Type.String(), Type.Integer()], { description: 'absent for a notification' })

/** The request envelope of one method. */
export function rpcRequestSchema(method: BaseLayerMethod): TSchema {
  const { summary, params } = rpcMethodSchemas[method]
  return Type.Object(
    { jsonrpc: Type.Literal('2.0'), id: Type.Optional(RequestId), method: Type.Literal(method), params },
    { title: method, description: summary },
  )
}

/** A JSON-RPC response: a result or an error whose `data.code` is our stable code. */
export const RpcResponse = Type.Object({
  jsonrpc: Type.Literal('2.0'),
  id: Type.Union([Type.String(), Type.Integer(), Type.Null()]),
  result: Type.Optional(Type.Unknown({ description: 'the method result (see docs/base-layer-rpc.md)' })),
  error: Type.Optional(
    Type.Object({
      code: Type.Integer(),
      message: Type.String(),
      data: Type.Optional(Type.Object({ code: Type.String(), index: Type.Optional(Type.Integer()) })),
    }),
  ),
})
