// What a named agent signs to propose for an agent-bound intent (docs/protocol.md, "Agent-bound
// intents"): a domain-separated statement binding the action, the orchestrator, the exact signed
// intent and the proposal, so that the signature cannot be replayed on another intent, another
// proposal, another orchestrator, or turned from a dry run into a proposal.
import { canonicalJsonBytes } from '../encoding/jcs.ts'
import { isVerityError } from '../errors/VerityError.ts'
import { hashDigest, type HashDigest } from '../hash/sha256.ts'
import { ownerIdOfSignature } from '../owner/ownerId.ts'
import type { Signature } from '../signature/Signature.ts'
import { checkParsedSignature } from '../signature/verifySignature.ts'
import { parseSignature } from '../signature/parseSignature.ts'
import type { PasskeyPolicy } from '../signature/PasskeyPolicy.ts'
import type { Signer } from '../signer/Signer.ts'
import { ORCHESTRATOR_ORIGIN_CHARS_MAX } from '../limits.ts'

/** Domain-separation tag of the bytes an agent signs: no other signed message of Verity can be taken for one. */
export const AGENT_PROPOSAL_TAG = 'verity/agent-proposal/v1'

/** `proposal`: POST /intents/{id}/proposal; `check`: the dry run POST /intents/{id}/check. */
export type AgentProposalAction = 'proposal' | 'check'

/** What travels beside `solution` and `metadata` (request field and proof bundle field `agent_authorization`). */
export type AgentAuthorization = {
  /** The origin of the orchestrator the agent proposes to, e.g. `https://orchestrator.example` */
  orchestrator: string
  /** A named agent's signature over agentProposalBytes */
  signature: Signature
}

/** Everything the signature binds. */
export type AgentProposalBinding = {
  action: AgentProposalAction
  orchestrator: string
  intentId: string
  /** intentDigestOf(the intent's signed bytes): binds the exact intent the user signed, its agents included */
  intentDigest: HashDigest
  solution: string
  metadata: unknown
}

/** The digest of an intent's signed bytes (UTF-8 of JCS(payload) in shape A, of JCS(intent) in shape B). */
export function intentDigestOf(signedBytes: Uint8Array): HashDigest {
  return hashDigest(signedBytes)
}

/**
 * The origin an orchestrator is named by in a binding: `scheme://host[:port]` of its base URL, as
 * WHATWG URL writes it (lower case, default port dropped). Throws TypeError for a URL that is not http(s).
 * @example orchestratorOrigin('http://127.0.0.1:8080/') // 'http://127.0.0.1:8080'
 */
export function orchestratorOrigin(baseUrl: string): string {
  const url = new URL(baseUrl)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TypeError(`orchestrator URL must be http(s): ${baseUrl}`)
  return url.origin
}

/**
 * The signed bytes: UTF-8 of JCS of `{tag, action, orchestrator, intent_id, intent_digest,
 * solution, metadata}`. Metadata with an integer beyond 2^53 has no JCS form (InvalidJsonError).
 */
export function agentProposalBytes(binding: AgentProposalBinding): Uint8Array {
  return canonicalJsonBytes(
    {
      tag: AGENT_PROPOSAL_TAG,
      action: binding.action,
      orchestrator: binding.orchestrator,
      intent_id: binding.intentId,
      intent_digest: binding.intentDigest,
      solution: binding.solution,
      metadata: binding.metadata === undefined ? null : binding.metadata,
    },
    'agent proposal',
  )
}

/**
 * Signs a proposal as a named agent.
 * @example const agent_authorization = signAgentProposal(agent, { action: 'proposal', orchestrator, intentId, intentDigest, solution, metadata })
 */
export function signAgentProposal(signer: Signer, binding: AgentProposalBinding): AgentAuthorization {
  return { orchestrator: binding.orchestrator, signature: signer.sign(agentProposalBytes(binding)) }
}

/** Why an agent authorization does not hold; `missing`, `malformed`, `not-named` (a key the intent does not name) or `invalid` (does not verify over this binding). */
export type AgentAuthorizationFailure = { ok: false; kind: 'missing' | 'malformed' | 'not-named' | 'invalid'; reason: string }
export type AgentAuthorizationCheck = { ok: true; agentOwnerId: HashDigest } | AgentAuthorizationFailure

/**
 * Checks an `agent_authorization` against an intent's named agents (their owner ids) and the
 * binding it must be over (whose `orchestrator` the caller takes from the authorization after
 * checking it names itself, or as it stands when verifying a bundle). The key is matched before
 * the signature is verified, so a stranger costs no signature check.
 */
export function checkAgentAuthorization(
  authorization: unknown,
  binding: Omit<AgentProposalBinding, 'orchestrator'>,
  agentOwnerIds: readonly string[],
  passkeyPolicy?: PasskeyPolicy,
): AgentAuthorizationCheck {
  if (authorization === undefined || authorization === null)
    return { ok: false, kind: 'missing', reason: 'the intent names its agents: a proposal must carry agent_authorization, signed by one of them' }
  const read = readAuthorization(authorization)
  if ('reason' in read) return read
  let ownerId: HashDigest
  let reason: string | null
  try {
    const parsed = parseSignature(read.signature, 'agent_authorization.signature')
    ownerId = ownerIdOfSignature(read.signature)
    if (!agentOwnerIds.includes(ownerId))
      return { ok: false, kind: 'not-named', reason: `agent_authorization is signed by ${ownerId}, which is not one of the agents the intent names` }
    reason = checkParsedSignature(parsed, agentProposalBytes({ ...binding, orchestrator: read.orchestrator }), passkeyPolicy)
  } catch (error) {
    if (!isVerityError(error)) throw error
    return { ok: false, kind: 'malformed', reason: error.message }
  }
  if (reason !== null)
    return { ok: false, kind: 'invalid', reason: `agent_authorization does not verify over this ${binding.action} of intent ${binding.intentId} (signed for another intent, proposal or orchestrator, or altered): ${reason}` }
  return { ok: true, agentOwnerId: ownerId }
}

function readAuthorization(value: unknown): AgentAuthorization | AgentAuthorizationFailure {
  if (typeof value !== 'object' || Array.isArray(value) || value === null)
    return { ok: false, kind: 'malformed', reason: 'agent_authorization must be an object {orchestrator, signature}' }
  const record = value as Record<string, unknown>
  const unknown = Object.keys(record).find((key) => key !== 'orchestrator' && key !== 'signature')
  if (unknown !== undefined) return { ok: false, kind: 'malformed', reason: `agent_authorization has unknown field ${unknown}` }
  if (typeof record.orchestrator !== 'string' || record.orchestrator.length === 0 || record.orchestrator.length > ORCHESTRATOR_ORIGIN_CHARS_MAX)
    return { ok: false, kind: 'malformed', reason: `agent_authorization.orchestrator must be the orchestrator's origin (1 to ${ORCHESTRATOR_ORIGIN_CHARS_MAX} characters)` }
  if (record.signature === undefined) return { ok: false, kind: 'malformed', reason: 'agent_authorization is missing signature' }
  return { orchestrator: record.orchestrator, signature: record.signature as Signature }
}
