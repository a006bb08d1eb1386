// Parts shared by the signed intent's shapes (signedIntent.ts) and its sealed form (sealedIntent.ts).
import { Type } from 'typebox'
import { Signature } from '../Signature.ts'

/** Typed values (`{String|Int|Bool|Set}`) or plain JSON, checked by @verity/core's InputMap codec. */
export const InputMap = Type.Object({
  fields: Type.Record(Type.String(), Type.Unknown(), {
    description: 'values tagged {String|Int|Bool|Set} or plain JSON (string, integer, boolean, array)',
  }),
})

export const Authorship = Type.Union([Type.Literal('Unsigned'), Type.Object({ Signed: Signature }, { additionalProperties: false })])
