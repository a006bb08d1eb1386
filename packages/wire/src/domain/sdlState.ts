import { Type } from 'typebox'

/** SdlState: where an SDL stands, from submission to settlement on the base layer. */
export const SdlState = Type.Union(
  [
    Type.Literal('Submitted'),
    Type.Literal('Proving'),
    Type.Literal('Proven'),
    Type.Literal('ProofSubmitted'),
    Type.Literal('BaseLayerApplied'),
    Type.Literal('BaseLayerFailed'),
    Type.Object({ ProvingFailed: Type.String() }, { additionalProperties: false }),
  ],
  { description: 'SdlState' },
)

/** The error body of the domain: `{message, code, index?}`, and the failing constraint of a guardrail. */
export const DomainErrorBody = Type.Object({
  message: Type.String(),
  code: Type.Optional(Type.String({ description: 'stable error code (docs/domain.md)' })),
  index: Type.Optional(Type.Integer({ description: 'the offending element of the batch' })),
  constraint: Type.Optional(
    Type.Object(
      { guardrail: Type.String(), index: Type.Integer(), pretty_expr: Type.String(), reason: Type.String() },
      { description: 'GUARDRAIL_REJECTED: the failing constraint (index -1 when the evidence did not fit the template)' },
    ),
  ),
})

/** The answer of POST /sdls/{hash}/prove (202 started now, 200 already started) and /submit_proof. */
export const SdlStateReply = Type.Object({ message: Type.String(), state: SdlState })
