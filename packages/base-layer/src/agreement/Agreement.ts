import type { HashDigest, Signature } from '@verity/core'
import type { AgreementRecord } from '../store/BaseLayerStore.ts'

/** A domain agreement as answered by the node (wire shape). */
export type Agreement = {
  shard: number
  /** base58 of the operator's Ed25519 public key */
  operator: string
  operator_owner_id: HashDigest
  guardrail_program_ids: string[]
  /** the guardrail templates every transaction of the shard's SDLs is proven against (empty: none declared) */
  guardrails: AgreementGuardrail[]
  status: AgreementStatus
  created_at_ms: number
  activates_at_ms: number
}

export type AgreementStatus = 'pending' | 'active'

/** What an operator signs to register (or re-register) its domain on a shard. */
export type AgreementPayload = {
  shard: number
  /** hashes of the guardrail templates/circuits its SDLs are proven against (may be empty) */
  guardrail_program_ids: string[]
  /**
   * The guardrails, by template id with the compiled template bytes (base64url of the policy
   * language's canonical bytes). Absent or empty: no template is declared, and the program ids
   * alone are checked (a proof of each circuit verifies; see docs/base-layer-rpc.md).
   */
  guardrails?: AgreementGuardrail[]
  /** above the operator's last accepted nonce (a counter or a millisecond timestamp both work) */
  nonce: bigint
}

/** One declared guardrail: its template id (base58 SHA-256 of the compiled bytes) and the bytes. */
export type AgreementGuardrail = { template_id: string; template: string }

/** `submitAgreement` params: the payload and the operator's Ed25519 signature over it. */
export type AgreementRequest = AgreementPayload & { signature: Signature }

/** The wire agreement of a stored record at time `nowMs`: active once its activation time is reached. */
export function agreementView(record: AgreementRecord, nowMs: number): Agreement {
  return {
    shard: record.shard,
    operator: record.operator,
    operator_owner_id: record.operatorOwnerId,
    guardrail_program_ids: [...record.guardrailProgramIds],
    guardrails: (record.guardrails ?? []).map((g) => ({ template_id: g.templateId, template: g.template })),
    status: nowMs >= record.activatesAtMs ? 'active' : 'pending',
    created_at_ms: record.createdAtMs,
    activates_at_ms: record.activatesAtMs,
  }
}
