import { test } from 'node:test'
import assert from 'node:assert/strict'
import { compileTemplate, evaluateTemplate, type CompiledTemplate } from '@verity/policy'
import { createCircuitProver } from '../createCircuitProver.ts'
import { CircuitBoundsError } from '../errors/proverErrors.ts'
import { compilePolicyProgram } from './compilePolicyProgram.ts'
import { encodePolicyInputs } from './encodePolicyInputs.ts'
import { POLICY_TIER_MEDIUM, POLICY_TIER_SMALL, POLICY_TIER_UNIVERSAL, type PolicyTier } from './policyTiers.ts'
import { createRandom, FULL_SCHEMA, MEDIUM_TIER_SCHEMA, randomInputs, randomTemplateSource, SMALL_TIER_SCHEMA, type RandomSchema } from './testing/randomPolicyCase.ts'

// The policy evaluator and every tier of the circuit must agree on every case: the circuit is
// executed (witness generation: satisfied or not) rather than proven, which keeps the cases within
// the suite budget. Each tier gets the random templates that fit it (the small tier: those of the
// smaller schema that fit its bounds).
const CASES = Number(process.env.POLICY_DIFFERENTIAL_CASES ?? 500)
const SMALL_CASES = Number(process.env.POLICY_DIFFERENTIAL_SMALL_CASES ?? 300)
const MEDIUM_CASES = Number(process.env.POLICY_DIFFERENTIAL_MEDIUM_CASES ?? 200)
const SEED = Number(process.env.POLICY_DIFFERENTIAL_SEED ?? 20261122)

type Case = { source: string; compiled: CompiledTemplate; attrs: Record<string, never>; evidence: Record<string, never>; expected: boolean }

test(`universal policy circuit agrees with evaluateTemplate on ${CASES} random cases (seed ${SEED})`, async () => {
  await checkTier(POLICY_TIER_UNIVERSAL, FULL_SCHEMA, CASES, SEED)
})

test(`small policy circuit agrees with evaluateTemplate on ${SMALL_CASES} random cases (seed ${SEED})`, async () => {
  await checkTier(POLICY_TIER_SMALL, SMALL_TIER_SCHEMA, SMALL_CASES, SEED)
})

test(`medium policy circuit agrees with evaluateTemplate on ${MEDIUM_CASES} random cases (seed ${SEED})`, async () => {
  await checkTier(POLICY_TIER_MEDIUM, MEDIUM_TIER_SCHEMA, MEDIUM_CASES, SEED)
})

async function checkTier(tier: PolicyTier, schema: RandomSchema, caseCount: number, seed: number): Promise<void> {
  const cases = randomCases(tier, schema, caseCount, seed)
  const prover = createCircuitProver({ workers: 2, threads: 1, queueMax: caseCount + 1 })
  try {
    const results = await Promise.all(cases.map(async (c, index) => {
      const { inputs } = await encodePolicyInputs(c.compiled, c.attrs, c.evidence, `intent-${index}`, BigInt(index), tier)
      return (await prover.executeCircuit(tier.circuit, inputs)).satisfied
    }))
    const satisfiedCount = cases.filter((c) => c.expected).length
    // Both outcomes must be well represented, or the comparison proves little.
    assert.ok(satisfiedCount > caseCount / 10 && satisfiedCount < (caseCount * 9) / 10, `satisfied ${satisfiedCount} of ${caseCount}`)
    cases.forEach((c, index) => {
      assert.equal(results[index], c.expected,
        `${tier.circuit} case ${index}: evaluator says ${c.expected}, circuit says ${results[index]}\n${c.source}\nattrs ${JSON.stringify(c.attrs, replacer)}\nevidence ${JSON.stringify(c.evidence, replacer)}`)
    })
  } finally {
    await prover.close()
  }
}

/** Random templates that fit `tier`, three input sets each, with the evaluator's verdict. */
function randomCases(tier: PolicyTier, schema: RandomSchema, caseCount: number, seed: number): Case[] {
  const random = createRandom(seed)
  const cases: Case[] = []
  let templateCount = 0
  while (cases.length < caseCount) {
    assert.ok(templateCount < caseCount * 100, `too few random templates fit ${tier.circuit}`)
    const source = randomTemplateSource(random, `t${templateCount++}`, schema)
    const compiled = compileTemplate(source)
    try {
      compilePolicyProgram(compiled, tier)
    } catch (error) {
      if (error instanceof CircuitBoundsError) continue
      throw error
    }
    for (let k = 0; k < 3 && cases.length < caseCount; k++) {
      const { attrs, evidence } = randomInputs(random, schema)
      const expected = evaluateTemplate(compiled, attrs, evidence).ok
      cases.push({ source, compiled, attrs: attrs as Record<string, never>, evidence: evidence as Record<string, never>, expected })
    }
  }
  return cases
}

function replacer(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? `${value}n` : value
}
