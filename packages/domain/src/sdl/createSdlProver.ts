// The SdlProver over @verity/prover: the SDL's chain of batch proofs (proveSdl over the stored
// witness), then the guardrails: each transaction's evidence checked against each guardrail with
// the prove-time intent, and proven with the policy circuit.
import { parseJsonBigint, decodeInputFields } from '@verity/core'
import type { InputValue } from '@verity/policy'
import type { SdlContent } from '@verity/ledger'
import { proveSdl, type CircuitProver, type SdlWitness } from '@verity/prover'
import { GuardrailInputError } from '../errors/domainErrors.ts'
import type { Guardrail } from '../guardrails/Guardrail.ts'
import { checkGuardrails } from '../guardrails/checkGuardrails.ts'
import type { GuardrailProver } from '../guardrails/GuardrailProver.ts'
import type { SdlProver, SdlProvingJob } from './SdlProver.ts'

/** The intent values of each guardrail for this proof: the prove-time input (a JSON object of fields, or `{guardrail name: fields}`), else the configured ones. */
export function guardrailIntents(guardrails: readonly Guardrail[], input: Uint8Array | null): Map<string, Readonly<Record<string, InputValue>>> {
  const intents = new Map(guardrails.map((g) => [g.name, g.defaultIntent]))
  if (input === null || guardrails.length === 0) return intents
  let json: unknown
  try {
    json = parseJsonBigint(new TextDecoder('utf-8', { fatal: true }).decode(input))
  } catch (error) {
    throw new GuardrailInputError({ reason: `not UTF-8 JSON: ${(error as Error).message}` })
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw new GuardrailInputError({ reason: 'expected a JSON object' })
  const record = json as Record<string, unknown>
  const perGuardrail = guardrails.some((g) => g.name in record) && Object.keys(record).every((key) => guardrails.some((g) => g.name === key))
  try {
    for (const g of guardrails) {
      if (perGuardrail) {
        if (record[g.name] !== undefined) intents.set(g.name, decodeInputFields(record[g.name], g.name))
      } else intents.set(g.name, decodeInputFields(record, 'input'))
    }
  } catch (error) {
    throw new GuardrailInputError({ reason: (error as Error).message })
  }
  return intents
}

export function createSdlProver(options: { circuits: CircuitProver; guardrails: readonly Guardrail[]; guardrailProver: GuardrailProver | null }): SdlProver {
  const { circuits, guardrails } = options
  return {
    async prove(job: SdlProvingJob): Promise<unknown[]> {
      const content = job.content as SdlContent
      const intents = guardrailIntents(guardrails, job.guardrailInput)
      // A transaction that fails a guardrail is never settled: refuse before spending a proof on it.
      checkGuardrails(guardrails, content.transactions, (g) => intents.get(g.name) ?? g.defaultIntent)
      const artifacts: unknown[] = await proveSdl(circuits, job.witness as SdlWitness)
      if (options.guardrailProver !== null) {
        for (const [index, transaction] of content.transactions.entries())
          for (const guardrail of guardrails)
            artifacts.push(await options.guardrailProver.prove({ guardrail, intent: intents.get(guardrail.name)!, transaction, index, sdlHash: job.hash }))
      }
      return artifacts
    },
    close: () => circuits.close(),
  }
}
