// `mandates:` in domain.yaml (docs/domain.md, "Mandate payments"): which extractors' attestations
// of the evidence (the price and the payee) this domain believes, and how long after an intent's
// signed payment deadline a payment is still applied.
import { decodeBase58 } from '@verity/core'
import { MANDATE_DEADLINE_GRACE_MS_DEFAULT, MANDATE_DEADLINE_GRACE_MS_MAX, MANDATE_TRUSTED_KEYS_MAX } from '../limits.ts'

export type MandatesConfig = {
  /** base58 Ed25519 keys of the extractors trusted to attest evidence; empty → every mandate payment is refused */
  trustedExtractorKeys: string[]
  /** ms after intent.payment_deadline_ms during which a payment is still applied */
  deadlineGraceMs: number
}

export const MANDATES_CONFIG_DEFAULT: MandatesConfig = Object.freeze({ trustedExtractorKeys: [], deadlineGraceMs: MANDATE_DEADLINE_GRACE_MS_DEFAULT }) as MandatesConfig

/** Checks `mandates:`; absent → no trusted extractor (mandate payments refused, MANDATE_EXTRACTOR_UNTRUSTED). */
export function parseMandatesConfig(value: unknown, fail: (reason: string) => never): MandatesConfig {
  if (value === undefined || value === null) return { ...MANDATES_CONFIG_DEFAULT, trustedExtractorKeys: [] }
  if (typeof value !== 'object' || Array.isArray(value)) return fail('`mandates` must be a mapping {trusted_extractor_keys, deadline_grace_ms}')
  const raw = value as Record<string, unknown>
  const unknown = Object.keys(raw).filter((key) => key !== 'trusted_extractor_keys' && key !== 'deadline_grace_ms')
  if (unknown.length > 0) fail(`\`mandates.${unknown[0]}\` is not known (trusted_extractor_keys, deadline_grace_ms)`)
  const keys = raw.trusted_extractor_keys ?? []
  if (!Array.isArray(keys) || keys.length > MANDATE_TRUSTED_KEYS_MAX)
    fail(`\`mandates.trusted_extractor_keys\` must be a list of at most ${MANDATE_TRUSTED_KEYS_MAX} base58 Ed25519 keys`)
  for (const [index, key] of (keys as unknown[]).entries()) {
    try {
      decodeBase58(key, 'key', 32)
    } catch {
      fail(`\`mandates.trusted_extractor_keys[${index}]\` must be a base58 Ed25519 public key (32 bytes), as \`verity extractor\` prints it`)
    }
  }
  const grace = raw.deadline_grace_ms ?? MANDATE_DEADLINE_GRACE_MS_DEFAULT
  if (typeof grace !== 'number' || !Number.isSafeInteger(grace) || grace < 0 || grace > MANDATE_DEADLINE_GRACE_MS_MAX)
    fail(`\`mandates.deadline_grace_ms\` must be an integer from 0 to ${MANDATE_DEADLINE_GRACE_MS_MAX}`)
  return { trustedExtractorKeys: keys as string[], deadlineGraceMs: grace as number }
}
