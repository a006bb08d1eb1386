import { Type } from 'typebox'
import { Address, HashDigest, OwnerId, TokenId } from '../encodings.ts'
import { U64 } from '../integers.ts'
import { SdlState } from './sdlState.ts'

/** GET /payments: one mandate payment the domain applied (docs/domain.md, "Mandate payments"). */
export const MandatePaymentView = Type.Object(
  {
    intent_id: Type.String(),
    intent_digest: Type.Union([HashDigest, Type.Null()], {
      description: 'base58 SHA-256 of the signed bytes of the intent that paid: the exact intent, wherever it was submitted (an id is unique only within one orchestrator); null for a payment applied before the domain recorded it',
    }),
    evidence_digest: Type.Union([HashDigest, Type.Null()], { description: 'base58 SHA-256 of JCS of the evidence of the proof that paid (null as above)' }),
    payer: OwnerId,
    debited: Address,
    credited: Address,
    token: TokenId,
    amount: U64,
    applied_at_ms: Type.Integer({ minimum: 0, description: 'when the domain applied it (Unix ms)' }),
    sdl: Type.Union([Type.Object({ hash: Type.String(), state: SdlState }), Type.Null()], { description: 'the SDL that carries it (its settlement), null until one is cut' }),
  },
  { additionalProperties: false },
)

/** Query of GET /payments: one intent's payments (by id, or exactly by the digest of the signed intent), or the latest ones. */
export const PaymentsQuery = Type.Object(
  {
    intent_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'only the payments of this intent id (any intent that used the id, at any orchestrator)' })),
    intent_digest: Type.Optional({ ...HashDigest, description: 'only the payment of this signed intent (base58 SHA-256 of its signed bytes): what a merchant asks to know that the proof it was shown paid' }),
    limit: Type.Optional(Type.String({ pattern: '^(100|[1-9][0-9]?)$', description: 'at most this many, 1 to 100, newest first (default 20)' })),
  },
  { additionalProperties: false },
)
