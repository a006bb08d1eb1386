import { OperatorNotFundedError, ShardTakenError, StaleNonceError } from '../errors/agreementErrors.ts'
import { InvalidParamsError } from '../errors/requestErrors.ts'
import { readAgreementGuardrails } from './readAgreementGuardrails.ts'
import { verifyOperatorSignature } from '../rpc/verifyOperatorSignature.ts'
import type { AgreementRecord, BaseLayerStore } from '../store/BaseLayerStore.ts'
import { agreementView, type Agreement, type AgreementRequest } from './Agreement.ts'

export type SubmitAgreementContext = { store: BaseLayerStore; nowMs: number; activationDelayMs: number }

/**
 * Registers the signer as the operator of a shard. A new agreement is `pending` until
 * `activationDelayMs` has passed. The same operator re-submitting the same programs gets its
 * agreement back unchanged; with other programs or guardrail templates (or another template order:
 * guardrail proofs follow it) it replaces them and waits for activation again. `guardrails` are
 * checked by `readAgreementGuardrails` (InvalidParamsError).
 * Throws `OperatorNotFundedError`, `ShardTakenError`, `StaleNonceError` or a signature error.
 */
export async function submitAgreement(context: SubmitAgreementContext, request: AgreementRequest): Promise<Agreement> {
  const { signature, ...payload } = request
  const operator = verifyOperatorSignature('submitAgreement', payload, signature)
  const { store, nowMs, activationDelayMs } = context
  const guardrails = readAgreementGuardrails('submitAgreement', payload.guardrails).map((g) => ({ templateId: g.template_id, template: g.template }))
  if (guardrails.length > 0 && payload.guardrail_program_ids.length === 0)
    throw new InvalidParamsError({ method: 'submitAgreement', field: 'guardrail_program_ids', reason: 'declared guardrails need the program id (circuit hash) of the policy circuit that proves them' })
  return store.transaction(async (tx) => {
    const account = await tx.getAccount(operator.ownerId)
    if (account === undefined || account.balance === 0n) throw new OperatorNotFundedError({ ownerId: operator.ownerId })
    const existing = await tx.getAgreement(payload.shard)
    if (existing !== undefined && existing.operatorOwnerId !== operator.ownerId)
      throw new ShardTakenError({ shard: payload.shard, operator: existing.operator })
    if (
      existing !== undefined &&
      sameProgramIds(existing.guardrailProgramIds, payload.guardrail_program_ids) &&
      (existing.guardrails ?? []).length === guardrails.length &&
      (existing.guardrails ?? []).every((g, i) => g.templateId === guardrails[i]!.templateId)
    )
      return agreementView(existing, nowMs)
    if (payload.nonce <= account.nonceLast)
      throw new StaleNonceError({ ownerId: operator.ownerId, nonce: payload.nonce, nonceLast: account.nonceLast })
    const record: AgreementRecord = {
      shard: payload.shard,
      operator: operator.publicKey,
      operatorOwnerId: operator.ownerId,
      guardrailProgramIds: [...payload.guardrail_program_ids],
      ...(guardrails.length === 0 ? {} : { guardrails }),
      createdAtMs: existing?.createdAtMs ?? nowMs,
      activatesAtMs: nowMs + activationDelayMs,
    }
    await tx.putAccount({ ...account, nonceLast: payload.nonce })
    await tx.putAgreement(record)
    return agreementView(record, nowMs)
  })
}

function sameProgramIds(stored: readonly string[], requested: readonly string[]): boolean {
  const a = [...stored].sort()
  const b = [...requested].sort()
  return a.length === b.length && a.every((id, index) => id === b[index])
}
