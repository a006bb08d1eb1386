import { Type } from 'typebox'
import { Address, OwnerId, TokenId } from '../encodings.ts'
import { U64 } from '../integers.ts'
import { SdlState } from './sdlState.ts'

/** GET /payments: one mandate payment the domain applied (docs/domain.md, "Mandate payments"). */
export const MandatePaymentView = Type.Object(
  {
    intent_id: Type.String(),
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

/** Query of GET /payments: one intent's payments, or the latest ones. */
export const PaymentsQuery = Type.Object(
  {
    intent_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'only the payments of this intent id' })),
    limit: Type.Optional(Type.String({ pattern: '^(100|[1-9][0-9]?)$', description: 'at most this many, 1 to 100, newest first (default 20)' })),
  },
  { additionalProperties: false },
)
