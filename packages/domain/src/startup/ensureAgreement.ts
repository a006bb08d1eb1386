// Startup: the shard must have an active domain agreement naming this operator. When there is
// none (or its guardrails differ), submit one and wait until it is active.
import { setTimeout as sleep } from 'node:timers/promises'
import { isVerityError, type Signer } from '@verity/core'
import { signAgreementRequest, type Agreement, type AgreementGuardrail } from '@verity/base-layer'
import type { Settlement } from '../settlement/Settlement.ts'
import { DomainAgreementError } from '../errors/domainErrors.ts'
import { AGREEMENT_ACTIVE_WAIT_MS_MAX, AGREEMENT_POLL_INTERVAL_MS } from '../limits.ts'
import { retryWhileBaseLayerUnreachable } from './retryWhileBaseLayerUnreachable.ts'

export type EnsureAgreementOptions = {
  baseLayer: Settlement
  operator: Signer
  shard: number
  guardrailProgramIds: readonly string[]
  /** The guardrail templates the agreement declares, so the base layer checks each proof against its transaction. */
  guardrails?: readonly AgreementGuardrail[]
  log: { info(o: object, m: string): void; warn(o: object, m: string): void }
  signal?: AbortSignal
  retryDelayMsMin?: number
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().every((id, i) => id === [...b].sort()[i])
}

// Order matters: the guardrail proofs of each transaction follow the agreement's template order.
function sameGuardrails(a: readonly AgreementGuardrail[], b: readonly AgreementGuardrail[]): boolean {
  return a.length === b.length && a.every((g, i) => g.template_id === b[i]!.template_id && g.template === b[i]!.template)
}

/** Returns the active agreement; throws DomainAgreementError (shard taken, operator not funded, never active). */
export async function ensureAgreement(options: EnsureAgreementOptions): Promise<Agreement> {
  const { baseLayer, operator, shard, log } = options
  const retry = <T>(what: string, operation: () => Promise<T>) =>
    retryWhileBaseLayerUnreachable(operation, { log, what, ...(options.signal ? { signal: options.signal } : {}), ...(options.retryDelayMsMin ? { delayMsMin: options.retryDelayMsMin } : {}) })
  let agreement = await retry('reading the domain agreement', () => baseLayer.getAgreement(shard))
  if (agreement !== null && agreement.operator_owner_id !== operator.ownerId) {
    throw new DomainAgreementError({ shard: BigInt(shard), reason: `the shard is taken by another operator (${agreement.operator_owner_id}); this operator is ${operator.ownerId}` })
  }
  const guardrails = options.guardrails ?? []
  if (agreement === null || !sameIds(agreement.guardrail_program_ids, options.guardrailProgramIds) || !sameGuardrails(agreement.guardrails, guardrails)) {
    log.info({ shard, operator: operator.ownerId, guardrails: options.guardrailProgramIds }, agreement === null ? 'no domain agreement for the shard: submitting one' : 'guardrails changed: submitting a new domain agreement')
    const request = signAgreementRequest(operator, {
      shard,
      guardrail_program_ids: [...options.guardrailProgramIds],
      ...(guardrails.length > 0 ? { guardrails: [...guardrails] } : {}),
      nonce: BigInt(Date.now()),
    })
    try {
      agreement = await retry('submitting the domain agreement', () => baseLayer.submitAgreement(request))
    } catch (error) {
      if (isVerityError(error) && (error.code === 'OPERATOR_NOT_FUNDED' || error.code === 'SHARD_TAKEN'))
        throw new DomainAgreementError({ shard: BigInt(shard), reason: error.message })
      throw error
    }
  }
  const deadlineMs = Date.now() + AGREEMENT_ACTIVE_WAIT_MS_MAX
  while (agreement.status !== 'active') {
    if (Date.now() > deadlineMs) throw new DomainAgreementError({ shard: BigInt(shard), reason: `not active after ${AGREEMENT_ACTIVE_WAIT_MS_MAX} ms` })
    log.info({ shard, activatesAtMs: agreement.activates_at_ms }, 'waiting for the domain agreement to become active')
    await sleep(Math.max(AGREEMENT_POLL_INTERVAL_MS, Math.min(agreement.activates_at_ms - Date.now(), 5_000)))
    const current: Agreement | null = await retry('reading the domain agreement', () => baseLayer.getAgreement(shard))
    if (current === null) throw new DomainAgreementError({ shard: BigInt(shard), reason: 'the submitted agreement disappeared' })
    agreement = current
  }
  log.info({ shard, operator: operator.ownerId }, 'domain agreement active')
  return agreement
}
