import { test } from 'node:test'
import assert from 'node:assert/strict'
import fc from 'fast-check'
import { compileTemplate, evaluateTemplate, type CompiledTemplate, type InputValue } from '@verity/policy'
import { createCircuitProver } from '../createCircuitProver.ts'
import { createProver } from '../createProver.ts'
import { CircuitBoundsError, WitnessError } from '../errors/proverErrors.ts'
import { assertTemplateFitsCircuit } from './compilePolicyProgram.ts'
import { choosePolicyTier } from './choosePolicyTier.ts'
import { encodePolicyInputs } from './encodePolicyInputs.ts'
import { POLICY_TIER_SETS } from './policyTiers.ts'

// Set relations in the policy circuit: only the sets tier holds them; its verdict must equal the
// evaluator's on every case (a fast-check property over random sets and relations, run by witness
// execution for speed), and real proofs of each relation verify.

const RELATIONS = ['subset', 'superset', 'intersects', 'disjoint'] as const
const CASES = Number(process.env.POLICY_RELATION_CASES ?? 2000)
const SEED = Number(process.env.POLICY_RELATION_SEED ?? 20261127)

// Two relations (any of the four, negated or not, over fields or a literal) joined by `and`/`or`.
const SCHEMA = `intent {
  a: set<string>
  n: set<int>
  o: optional set<string>
}
evidence {
  b: set<string>
  m: set<int>
}`

const stringElement = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h')
const intElement = fc.constantFrom(-(2n ** 63n), -1n, 0n, 1n, 2n, 3n, 2n ** 63n - 1n)
// Small sets collide often (so every relation is true and false often); some reach the tier's 32.
const stringSet = fc.oneof({ weight: 4, arbitrary: fc.uniqueArray(stringElement, { maxLength: 6 }) },
  { weight: 1, arbitrary: fc.uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { minLength: 20, maxLength: 32 }) })
const intSet = fc.uniqueArray(intElement, { maxLength: 7 })

const operandPair = fc.oneof(
  fc.constant(['intent.a', 'evidence.b']),
  fc.constant(['evidence.b', 'intent.a']),
  fc.constant(['evidence.m', 'intent.n']),
  stringSet.map((elements) => [`{${elements.map((element) => JSON.stringify(element)).join(', ')}}`, 'evidence.b']),
  intSet.map((elements) => ['evidence.m', `{${elements.join(', ')}}`]),
  fc.constant(['intent.o', 'evidence.b']),
)
const relation = fc.tuple(operandPair, fc.constantFrom(...RELATIONS), fc.boolean())
  .map(([[left, right], op, negated]) => (negated ? `not (${left} ${op} ${right})` : `${left} ${op} ${right}`))
const constraint = fc.tuple(relation, fc.option(fc.tuple(fc.constantFrom('and', 'or'), relation), { nil: undefined }))
  .map(([first, rest]) => {
    const text = rest === undefined ? first : `(${first}) ${rest[0]} (${rest[1]})`
    return `${text.includes('intent.o') ? 'optional: ' : ''}${text};`
  })
const scenario = fc.record({
  constraints: fc.array(constraint, { minLength: 1, maxLength: 2 }),
  attrs: fc.record({ a: stringSet, n: intSet, o: fc.option(stringSet, { nil: undefined }) }, { requiredKeys: ['a', 'n'] }),
  evidence: fc.record({ b: stringSet, m: intSet }),
})

test(`sets tier: the circuit's verdict equals the evaluator's on ${CASES} random relations (fast-check, seed ${SEED})`, async () => {
  const cases = fc.sample(scenario, { numRuns: CASES, seed: SEED }).flatMap((sample, index) => {
    const compiled = compileTemplate(`name r${index}\n${SCHEMA}\nrequires {\n  ${sample.constraints.join('\n  ')}\n}\n`)
    // Templates with more relations than the tier holds are refused at compile time (tested below).
    if (choosePolicyTierOrUndefined(compiled) === undefined) return []
    const attrs = Object.fromEntries(Object.entries(sample.attrs).filter(([, value]) => value !== undefined)) as Record<string, InputValue>
    return [{ compiled, attrs, evidence: sample.evidence as Record<string, InputValue>, expected: evaluateTemplate(compiled, attrs, sample.evidence).ok }]
  })
  assert.ok(cases.length > CASES * 0.9, `${cases.length} of ${CASES} cases fit the sets tier`)
  const satisfied = cases.filter((c) => c.expected).length
  assert.ok(satisfied > cases.length / 10 && satisfied < (cases.length * 9) / 10, `satisfied ${satisfied} of ${cases.length}`)
  const prover = createCircuitProver({ workers: 2, threads: 1, queueMax: cases.length + 1 })
  try {
    const verdicts = await Promise.all(cases.map(async (c, index) => {
      const { inputs } = await encodePolicyInputs(c.compiled, c.attrs, c.evidence, `intent-${index}`, BigInt(index), POLICY_TIER_SETS)
      return (await prover.executeCircuit(POLICY_TIER_SETS.circuit, inputs)).satisfied
    }))
    cases.forEach((c, index) => assert.equal(verdicts[index], c.expected,
      `case ${index}: evaluator ${c.expected}, circuit ${verdicts[index]}\n${c.compiled.requires.length} constraints\nattrs ${JSON.stringify(c.attrs, replacer)}\nevidence ${JSON.stringify(c.evidence, replacer)}`))
  } finally {
    await prover.close()
  }
})

test('a relation goes to the sets tier, and only there; too many relations or elements are refused at compile time', () => {
  const template = (requires: string) => compileTemplate(`name t\n${SCHEMA}\nrequires {\n${requires}\n}\n`)
  assert.equal(choosePolicyTier(template('  evidence.b superset intent.a;')).circuit, 'policy_sets')
  assert.equal(choosePolicyTier(template('  "x" in evidence.b;')).circuit, 'policy')
  // The tiers without relations refuse it, naming the bound; so do the domain's guardrails (universal tier).
  assert.throws(() => assertTemplateFitsCircuit(template('  evidence.b disjoint intent.a;')),
    (error: unknown) => error instanceof CircuitBoundsError && error.fields.circuit === 'policy' && /set relations/.test(error.message))
  const five = Array.from({ length: 5 }, () => '  evidence.b intersects intent.a;').join('\n')
  assert.throws(() => choosePolicyTier(template(five)),
    (error: unknown) => error instanceof CircuitBoundsError && error.fields.circuit === 'policy_sets' && error.fields.limit === 4 && error.fields.got === 5)
  const literal = `{${Array.from({ length: 33 }, (_, index) => `"e${index}"`).join(', ')}}`
  assert.throws(() => choosePolicyTier(template(`  evidence.b subset ${literal};`)),
    (error: unknown) => error instanceof CircuitBoundsError && error.fields.circuit === 'policy_sets' && /set literal elements/.test(error.message))
  // A value of 17 to 32 elements moves a template without relations to the sets tier too.
  const compiled = template('  "x" in evidence.b;')
  const big = Array.from({ length: 20 }, (_, index) => `e${index}`)
  assert.equal(choosePolicyTier(compiled, { attrs: {}, evidence: { b: ['x', ...big], m: [] } }).circuit, 'policy_sets')
})

test('sets tier: each relation proven and verified; a false relation has no witness', async () => {
  const prover = createProver({})
  try {
    const compiled = compileTemplate(`name cookware\nintent {\n  wanted: set<string>\n  excluded: set<string>\n  colors: set<string>\n}\nevidence {\n  pieces: set<string>\n  materials: set<string>\n  colors: set<string>\n}\nrequires {
  evidence.pieces superset intent.wanted;
  evidence.pieces subset {"lid", "saucepan", "skillet", "stockpot"};
  evidence.materials disjoint intent.excluded;
  evidence.colors intersects intent.colors;
}\n`)
    const attrs = { wanted: ['saucepan', 'skillet'], excluded: ['teflon'], colors: ['grey', 'white'] }
    const evidence = { pieces: ['saucepan', 'skillet', 'lid'], materials: ['steel'], colors: ['white', 'black'] }
    const intentId = '550e8400-e29b-41d4-a716-446655440029'
    const artifact = await prover.provePolicy({ compiled, attrs, evidence, intentId, salt: 5n, circuit: choosePolicyTier(compiled).circuit })
    assert.equal(artifact.circuit, 'policy_sets')
    assert.deepEqual(await prover.verifyPolicy({ artifact, compiled, attrs, evidence, intentId, salt: 5n }), { ok: true })
    // Claiming other sets than those proven: the statement no longer verifies.
    const other = await prover.verifyPolicy({ artifact, compiled, attrs, evidence: { ...evidence, materials: ['teflon'] }, intentId, salt: 5n })
    assert.equal(other.ok, false)
    for (const broken of [{ pieces: ['saucepan'] }, { pieces: ['saucepan', 'skillet', 'wok'] }, { materials: ['steel', 'teflon'] }, { colors: ['red'] }]) {
      await assert.rejects(prover.provePolicy({ compiled, attrs, evidence: { ...evidence, ...broken }, intentId, circuit: 'policy_sets' }), WitnessError, JSON.stringify(broken))
    }
  } finally {
    await prover.close()
  }
})

function choosePolicyTierOrUndefined(compiled: CompiledTemplate) {
  try {
    return choosePolicyTier(compiled)
  } catch (error) {
    if (error instanceof CircuitBoundsError) return undefined
    throw error
  }
}

function replacer(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? `${value}n` : value
}
