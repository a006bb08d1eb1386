// The SdlProver over @verity/prover: the SDL's chain of batch proofs (proveSdl over the stored
// witness), then the guardrails: each transaction's evidence checked against each guardrail with
// the prove-time intent, and proven with the policy circuit. Proving workers use the same parts
// one at a time: the check, one batch, the guardrail proofs (SdlBatchProver).
import { parseJsonBigint, decodeInputFields } from '@verity/core'
import type { InputValue } from '@verity/policy'
import type { SdlContent } from '@verity/ledger'
import { proveSdl, proveSdlBatch, type CircuitProver } from '@verity/prover'
import { GuardrailInputError } from '../errors/domainErrors.ts'
import type { Guardrail } from '../guardrails/Guardrail.ts'
import { checkGuardrails } from '../guardrails/checkGuardrails.ts'
import type { GuardrailProver } from '../guardrails/GuardrailProver.ts'
import type { SdlBatchProver } from '../workers/SdlBatchProver.ts'
import type { SdlProver, SdlProvingJob } from './SdlProver.ts'
import { provableSdlWitness } from './sdlWitnessFormat.ts'

/**
 * The intent values of each guardrail for this proof: the prove-time input is one UTF-8 JSON object
 * of intent fields (plain JSON or tagged InputMap values); each guardrail takes the fields its
 * intent schema declares. Without input, the configured intents apply.
 */
export function guardrailIntents(guardrails: readonly Guardrail[], input: Uint8Array | null): Map<string, Readonly<Record<string, InputValue>>> {
  const intents = new Map(guardrails.map((g) => [g.name, g.defaultIntent]))
  if (input === null || guardrails.length === 0) return intents
  let json: unknown
  try {
    json = parseJsonBigint(new TextDecoder('utf-8', { fatal: true }).decode(input))
  } catch (error) {
    throw new GuardrailInputError({ reason: `not UTF-8 JSON: ${(error as Error).message}` })
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new GuardrailInputError({ reason: 'expected a JSON object of intent fields' })
  let fields: Record<string, InputValue>
  try {
    fields = decodeInputFields(json, 'input')
  } catch (error) {
    throw new GuardrailInputError({ reason: (error as Error).message })
  }
  const declared = new Set(guardrails.flatMap((g) => g.compiled.intent.map((field) => field.name)))
  const unknown = Object.keys(fields).find((name) => !declared.has(name))
  if (unknown !== undefined) throw new GuardrailInputError({ reason: `field ${unknown} is in no guardrail's intent schema` })
  for (const g of guardrails) {
    const own: Record<string, InputValue> = {}
    for (const field of g.compiled.intent) if (field.name in fields) own[field.name] = fields[field.name]!
    intents.set(g.name, own)
  }
  return intents
}

/** Proves the SDL's guardrail proofs: each transaction against each guardrail, in that order (none without a guardrail prover). */
async function proveGuardrails(options: SdlProverOptions, job: SdlProvingJob): Promise<unknown[]> {
  const artifacts: unknown[] = []
  if (options.guardrailProver === null) return artifacts
  const intents = guardrailIntents(options.guardrails, job.guardrailInput)
  for (const [index, transaction] of (job.content as SdlContent).transactions.entries())
    for (const guardrail of options.guardrails)
      artifacts.push(await options.guardrailProver.prove({ guardrail, intent: intents.get(guardrail.name)!, transaction, index, sdlHash: job.hash }))
  return artifacts
}

/** A transaction that fails a guardrail with the prove-time intent is never settled: refuse before spending a proof on it. */
function checkJobGuardrails(guardrails: readonly Guardrail[], job: SdlProvingJob): void {
  const intents = guardrailIntents(guardrails, job.guardrailInput)
  checkGuardrails(guardrails, (job.content as SdlContent).transactions, (g) => intents.get(g.name) ?? g.defaultIntent)
}

export type SdlProverOptions = { circuits: CircuitProver; guardrails: readonly Guardrail[]; guardrailProver: GuardrailProver | null }

/**
 * The whole-SDL prover (the domain's own pipeline: guardrail check, every batch, then the
 * guardrail proofs) and its parts for proving workers, which share one SDL's batches (SdlBatchProver).
 */
export function createSdlProver(options: SdlProverOptions): SdlProver & SdlBatchProver {
  const { circuits, guardrails } = options
  return {
    async prove(job: SdlProvingJob): Promise<unknown[]> {
      const witness = provableSdlWitness(job.hash, job.witness)
      checkJobGuardrails(guardrails, job)
      const artifacts: unknown[] = await proveSdl(circuits, witness)
      artifacts.push(...(await proveGuardrails(options, job)))
      return artifacts
    },
    checkGuardrails: (job) => checkJobGuardrails(guardrails, job),
    proveBatch: async (job, batchIndex) => proveSdlBatch(circuits, provableSdlWitness(job.hash, job.witness), batchIndex),
    proveGuardrails: (job) => proveGuardrails(options, job),
    close: () => circuits.close(),
  }
}
