import { LEGACY_PROOF_SYSTEMS, PROOF_SYSTEM } from '@verity/prover'
import type { MandateRefusalCode } from '@verity/ledger'

/**
 * MANDATE_PROOF_SYSTEM_RETIRED for a bundle whose policy proof is of a proof system of an earlier
 * release (0.1.0: bb.js 0.82.2's "ultrahonk"), kept readable by `verity upgrade` but never taken as
 * valid: named before any other check, so the refusal says what happened and what to do.
 */
export function retiredProofSystemRefusal(bundle: unknown): { ok: false; code: MandateRefusalCode; reason: string } | undefined {
  const system = (bundle as { proof?: { artifact?: { system?: unknown } | null } | null } | null)?.proof?.artifact?.system
  if (typeof system !== 'string' || !Object.hasOwn(LEGACY_PROOF_SYSTEMS, system)) return undefined
  return {
    ok: false,
    code: 'MANDATE_PROOF_SYSTEM_RETIRED',
    reason:
      `the intent was proven by an earlier Verity with proof system ${JSON.stringify(system)} (${LEGACY_PROOF_SYSTEMS[system]}), which this version ` +
      `(${PROOF_SYSTEM}) never takes as valid, so this proof cannot pay: the user signs a new intent and it is proposed again (docs/operations.md, "Upgrading")`,
  }
}
