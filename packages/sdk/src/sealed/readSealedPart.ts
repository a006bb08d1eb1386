import { MalformedProofBundleError } from '../proofs/proofErrors.ts'

/** What a sealed intent signs instead of attrs (docs/protocol.md, "Sealed intents"). */
export type SealedPart = {
  /** Policy circuit name → the attrs commitment ("0x…") a proof on that tier must carry. */
  commitments: Readonly<Record<string, string>>
  /** The attrs disclosed in the clear beside the commitments (`sealed.disclosed.fields`; empty when none). */
  disclosedFields: Record<string, unknown>
}

const FIELD_HEX = /^0x[0-9a-f]{64}$/

/** `{sealed}` of a signed intent object that has one (`title` names the object in errors), else `{}`. */
export function sealedPartOf(signed: Record<string, unknown>, title: string): { sealed?: SealedPart } {
  if (!('sealed' in signed)) return {}
  const sealed = readObject(signed.sealed, `${title}.sealed`)
  const commitments = readObject(sealed.commitments, `${title}.sealed.commitments`)
  for (const [tier, value] of Object.entries(commitments))
    if (typeof value !== 'string' || !FIELD_HEX.test(value)) throw new MalformedProofBundleError({ field: `${title}.sealed.commitments.${tier}`, reason: 'must be 0x and 64 lowercase hex digits' })
  const disclosedFields = sealed.disclosed === undefined ? {} : readObject(readObject(sealed.disclosed, `${title}.sealed.disclosed`).fields, `${title}.sealed.disclosed.fields`)
  return { sealed: { commitments: commitments as Record<string, string>, disclosedFields } }
}

function readObject(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new MalformedProofBundleError({ field, reason: 'must be a JSON object' })
  return value as Record<string, unknown>
}
