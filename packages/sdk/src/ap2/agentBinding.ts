// The binding of the agent's P-256 mandate key (`cnf.jwk`) to the Ed25519 agent key a Verity intent
// names (docs/ap2-verity-constraint.md, "Who can check out"): the user's authority is the signed
// intent, whatever signed it; the intent names its agents; a named agent signs that this mandate
// key, for this intent, is its own. The business checks the signature and that the agent is named.
import { verifySignature, type KeySigner } from '@verity/core'
import { VERITY_AGENT_BINDING_TAG, type Static, type VerityAgentBinding } from '@verity/wire'
import { thumbprintOf } from './sdJwtKeys.ts'

/** The bytes an agent binding signs: the tag, the intent id and the key's RFC 7638 thumbprint, one per line. */
export function agentBindingMessage(intentId: string, mandateJwk: Readonly<Record<string, unknown>>): Uint8Array {
  return new TextEncoder().encode(`${VERITY_AGENT_BINDING_TAG}\n${intentId}\n${thumbprintOf(mandateJwk)}`)
}

/**
 * The agent's signature binding `mandateJwk` to it for `intentId`. Throws TypeError for an agent
 * that is not one Ed25519 key (a passkey or a multisig agent cannot bind a mandate key).
 * @example constraint.agent_binding = bindMandateKey(agent, intentId, deriveAp2MandateKey(agent).publicJwk)
 */
export function bindMandateKey(agent: KeySigner, intentId: string, mandateJwk: Readonly<Record<string, unknown>>): Static<typeof VerityAgentBinding> {
  const signature = agent.sign(agentBindingMessage(intentId, mandateJwk))
  if (!('Ed25519' in signature)) throw new TypeError('a mandate key is bound by an Ed25519 agent key')
  return { agent: signature.Ed25519.pub_key, signature: signature.Ed25519.signature }
}

/** Whether `binding` is its agent's signature binding `mandateJwk` for `intentId`. Never throws. */
export function agentBindingHolds(binding: Static<typeof VerityAgentBinding>, intentId: string, mandateJwk: Readonly<Record<string, unknown>>): boolean {
  try {
    return verifySignature({ Ed25519: { pub_key: binding.agent, signature: binding.signature } }, agentBindingMessage(intentId, mandateJwk))
  } catch {
    return false
  }
}
