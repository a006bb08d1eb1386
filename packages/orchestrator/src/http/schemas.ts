import { Type } from 'typebox'

// TypeBox schemas of the wire formats. They generate /openapi.json. JSON bodies are checked by the
// domain parsers (parseSignedIntent, parseProposal, parseExtractorUrl), whose messages name the
// field; path parameters are checked here.

export const ErrorResponse = Type.Object(
  {
    message: Type.String({ description: 'what was wrong' }),
    code: Type.Optional(Type.String({ description: 'stable error code (docs/orchestrator.md)' })),
    index: Type.Optional(Type.Integer()),
    line: Type.Optional(Type.Integer({ description: 'template compile errors: 1-based line' })),
    column: Type.Optional(Type.Integer({ description: 'template compile errors: 1-based column' })),
  },
)

const HashDigest = Type.String({ description: 'base58 of a 32-byte SHA-256 digest' })
const IntentId = Type.String({ format: 'uuid', description: 'assigned by the caller' })

const Ed25519Scheme = Type.Object({ pub_key: Type.String(), signature: Type.String() })
const PasskeyScheme = Type.Object({
  pub_key: Type.String({ description: 'base58 SEC1 P-256 key (33 or 65 bytes)' }),
  signature: Type.String({ description: 'base58 DER or r‖s ECDSA signature' }),
  client_data: Type.String({ description: 'the exact clientDataJSON string' }),
  authenticator_data: Type.String({ description: 'base58 authenticator data' }),
})
const InnerSignature = Type.Union([
  Type.Object({ Ed25519: Ed25519Scheme }),
  Type.Object({ Passkey: PasskeyScheme }),
])
export const Signature = Type.Union([
  Type.Object({ Ed25519: Ed25519Scheme }),
  Type.Object({ Passkey: PasskeyScheme }),
  Type.Object({
    Multisig: Type.Object({
      pub_key: Type.Object({
        signers: Type.Record(Type.String(), Type.Integer({ minimum: 1 }), { description: 'base58 public key → weight' }),
        threshold: Type.Integer({ minimum: 1 }),
      }),
      signatures: Type.Array(InnerSignature),
    }),
  }),
])

const InputMap = Type.Object({
  fields: Type.Record(Type.String(), Type.Unknown(), {
    description: 'values tagged {String|Int|Bool|Set} or plain JSON (string, integer, boolean, array)',
  }),
})

export const SignedIntentShapeA = Type.Object(
  {
    payload: Type.Object({ id: IntentId, template_id: HashDigest, attrs: InputMap }),
    signature: Signature,
  },
  { description: 'shape A: signature over UTF-8 of JCS(payload)' },
)
export const SignedIntentShapeB = Type.Object(
  {
    authorship: Type.Union([Type.Literal('Unsigned'), Type.Object({ Signed: Signature })]),
    intent: Type.Object({ id: IntentId, policy_id: HashDigest, attrs: Type.Optional(InputMap) }),
  },
  { description: 'shape B: signature over UTF-8 of JCS(intent)' },
)
export const SignedIntent = Type.Union([SignedIntentShapeA, SignedIntentShapeB])

export const Proposal = Type.Object({
  solution: Type.String({ description: 'identifier of the proposed solution (URL, variant id, ...)' }),
  metadata: Type.Unknown({ description: 'any JSON value, shared with the evidence extractor' }),
})

const ExtractorKeyDescription =
  'our addition: base58 Ed25519 public key the extractor attests its replies with (docs/proofs.md, "The trust chain"); "" when none'
export const RuntimeConfig = Type.Object({
  evidence_extractor_url: Type.String({ description: 'base URL of the extractor in effect' }),
  evidence_extractor_key: Type.Optional(Type.String({ description: ExtractorKeyDescription })),
})
export const UpdateRuntimeConfigRequest = Type.Object({
  evidence_extractor_url: Type.String({ description: 'absolute http(s) URL, or "" for the embedded default' }),
  evidence_extractor_key: Type.Optional(
    Type.String({ description: `${ExtractorKeyDescription}; goes with the URL: a PUT without it leaves no key configured` }),
  ),
})

export const CreateTemplateResponse = Type.Object({ template_id: HashDigest })

export const IntentStatusResponse = Type.Object({
  status: Type.Union(['pending', 'proving', 'success', 'failure', 'expired'].map((s) => Type.Literal(s))),
  queue_position: Type.Optional(
    Type.Integer({
      minimum: 0,
      description:
        'our addition, while `proving`: proposals ahead of this one in the proving queue (first come, first proved; the first --job-concurrency of the queue are being worked on, so 0 means now)',
    }),
  ),
})

export const ConstraintFailure = Type.Object({
  index: Type.Integer({ minimum: 0 }),
  pretty_expr: Type.String(),
  reason: Type.String(),
})

export const ProofResponse = Type.Object({
  signed_intent: SignedIntent,
  proposal: Proposal,
  evidence: Type.Record(Type.String(), Type.Unknown(), { description: 'the evidence the proof commits to (plain JSON)' }),
  proof: Type.Record(Type.String(), Type.Unknown(), { description: 'the proof artifact and its salt' }),
  template: Type.Object({
    id: HashDigest,
    source: Type.String(),
    compiled_base64url: Type.String({ description: 'canonical compiled bytes; id = base58(SHA-256(bytes))' }),
  }),
})

export const IntentIdParams = Type.Object({ intent_id: Type.String({ description: 'IntentId (uuid)' }) })
export const TemplateIdParams = Type.Object({ template_id: Type.String({ description: 'HashDigest' }) })

/** The error statuses of a route, for its `response` schema. */
export function errorResponses(...statuses: number[]): Record<number, typeof ErrorResponse> {
  return Object.fromEntries([...statuses, 500].map((status) => [status, ErrorResponse]))
}
