import { test } from 'node:test'
import assert from 'node:assert/strict'
import { compileTemplate, evaluateTemplate, type CompiledTemplate } from '@verity/policy'
import { createCircuitProver } from '../createCircuitProver.ts'
import { isVerityError } from '@verity/core'
import { assertTemplateFitsCircuit } from './compilePolicyProgram.ts'
import { encodePolicyInputs } from './encodePolicyInputs.ts'
import { POLICY_CIRCUIT } from './provePolicy.ts'
import { createRandom, randomInputs, randomTemplateSource } from './testing/randomPolicyCase.ts'

// The policy evaluator and the circuit must agree on every case: the circuit is executed (witness
// generation: satisfied or not) rather than proven, which keeps 500 cases within the suite budget.
const CASES = Number(process.env.POLICY_DIFFERENTIAL_CASES ?? 500)
const SEED = Number(process.env.POLICY_DIFFERENTIAL_SEED ?? 20261122)

test(`policy circuit agrees with evaluateTemplate on ${CASES} random cases (seed ${SEED})`, async () => {
  const random = createRandom(SEED)
  const prover = createCircuitProver({ workers: 2, threads: 1, queueMax: CASES + 1 })
  try {
    const cases: { source: string; compiled: CompiledTemplate; attrs: Record<string, never>; evidence: Record<string, never>; expected: boolean }[] = []
    let templateCount = 0
    while (cases.length < CASES) {
      const source = randomTemplateSource(random, `t${templateCount++}`)
      const compiled = compileTemplate(source)
      try {
        assertTemplateFitsCircuit(compiled)
      } catch (error) {
        if (isVerityError(error) && error.code === 'CIRCUIT_BOUNDS') continue
        throw error
      }
      for (let k = 0; k < 3 && cases.length < CASES; k++) {
        const { attrs, evidence } = randomInputs(random)
        const expected = evaluateTemplate(compiled, attrs, evidence).ok
        cases.push({ source, compiled, attrs: attrs as Record<string, never>, evidence: evidence as Record<string, never>, expected })
      }
    }
    const results = await Promise.all(cases.map(async (c, index) => {
      const { inputs } = await encodePolicyInputs(c.compiled, c.attrs, c.evidence, `intent-${index}`, BigInt(index))
      return (await prover.executeCircuit(POLICY_CIRCUIT, inputs)).satisfied
    }))
    const satisfiedCount = cases.filter((c) => c.expected).length
    // Both outcomes must be well represented, or the comparison proves little.
    assert.ok(satisfiedCount > CASES / 10 && satisfiedCount < (CASES * 9) / 10, `satisfied ${satisfiedCount} of ${CASES}`)
    cases.forEach((c, index) => {
      assert.equal(results[index], c.expected,
        `case ${index}: evaluator says ${c.expected}, circuit says ${results[index]}\n${c.source}\nattrs ${JSON.stringify(c.attrs, replacer)}\nevidence ${JSON.stringify(c.evidence, replacer)}`)
    })
  } finally {
    await prover.close()
  }
})

function replacer(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? `${value}n` : value
}
