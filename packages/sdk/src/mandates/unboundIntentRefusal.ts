import type { MandateRefusalCode } from '@verity/ledger'
import { MalformedProofBundleError } from '../proofs/proofErrors.ts'
import { readSignedIntent } from '../proofs/readSignedIntent.ts'

/**
 * Refuses (MANDATE_INTENT_UNBOUND) a mandate payment whose signed intent names no agents
 * (docs/protocol.md, "Agent-bound intents"): whoever proposed for such an intent chose what was
 * bought, so its proof authorizes no payment. Cheap (reads the signed intent, verifies nothing): the
 * domain refuses at admission before a proof is verified. Undefined when the intent names agents
 * (verifyProofBundle checks the agent's signature), or when the bundle is too malformed to say
 * (verifyProofBundle names what is wrong).
 */
export function unboundIntentRefusal(bundle: unknown): { ok: false; code: MandateRefusalCode; reason: string } | undefined {
  let agents: unknown
  try {
    agents = readSignedIntent((bundle as { signed_intent?: unknown } | null)?.signed_intent).agents
  } catch (error) {
    if (error instanceof MalformedProofBundleError) return undefined
    throw error
  }
  if (agents !== undefined) return undefined
  return {
    ok: false,
    code: 'MANDATE_INTENT_UNBOUND',
    reason:
      'the intent names no agents, so whoever proposed chose what was bought with it: a payable intent pays only when it names the agents ' +
      'that alone may propose (`agents` in the signed intent; verity intent create --agent KEY)',
  }
}
