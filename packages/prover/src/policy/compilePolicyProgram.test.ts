import { test } from 'node:test'
import assert from 'node:assert/strict'
import { compileTemplate } from '@verity/policy'
import { assertTemplateFitsCircuit, compilePolicyProgram } from './compilePolicyProgram.ts'
import { choosePolicyTier } from './choosePolicyTier.ts'
import { POLICY_TIER_SMALL } from './policyTiers.ts'
import { CircuitBoundsError } from '../errors/proverErrors.ts'
import { encodePolicyInputs } from './encodePolicyInputs.ts'
import { clothingCase } from './testing/clothingTemplate.ts'

const template = (evidence: string, requires: string, intent = '') =>
  compileTemplate(`name t\nintent {\n${intent}\n}\nevidence {\n${evidence}\n}\nrequires {\n${requires}\n}\n`)

function assertBound(fn: () => unknown, bound: RegExp): void {
  assert.throws(fn, (error: unknown) => {
    assert.ok(error instanceof CircuitBoundsError, String(error))
    assert.match(error.fields.bound, bound)
    assert.equal(error.code, 'CIRCUIT_BOUNDS')
    return true
  })
}

test('the clothing template fits: one atom per comparison, presence atoms and an or per optional', () => {
  const program = compilePolicyProgram(clothingCase().compiled)
  assert.equal(program.atoms.length, 9)
  assert.equal(program.gates[0]!.length, 2)
  assert.equal(program.literalSets.length, 1)
  assert.equal(program.atoms.filter((atom) => atom.root).length + program.gates.flat().filter((gate) => gate.root).length, 7)
})

test('templates beyond the circuit bounds are refused, naming the bound', () => {
  const fields = Array.from({ length: 25 }, (_, i) => `  f${i}: int`).join('\n')
  assertBound(() => assertTemplateFitsCircuit(template(fields, 'evidence.f0 == 1;')), /evidence scalar fields/)
  const big = Array.from({ length: 17 }, (_, i) => `"v${i}"`).join(', ')
  assertBound(() => assertTemplateFitsCircuit(template('  c: string', `evidence.c in {${big}};`)), /set literal elements/)
  const many = Array.from({ length: 33 }, (_, i) => `evidence.n != ${i};`).join('\n')
  assertBound(() => assertTemplateFitsCircuit(template('  n: int', many)), /atoms|constants/)
  const constants = Array.from({ length: 17 }, (_, i) => `evidence.n != ${i} or evidence.n != ${i + 100};`).join('\n')
  assertBound(() => assertTemplateFitsCircuit(template('  n: int', constants)), /atoms|constants/)
  const deep = 'evidence.a and (evidence.b or (evidence.a and (evidence.b or (evidence.a and evidence.b))));'
  assertBound(() => assertTemplateFitsCircuit(template('  a: bool\n  b: bool', deep)), /logic gates/)
  const sets = Array.from({ length: 3 }, (_, i) => `  s${i}: set<string>`).join('\n')
  assertBound(() => assertTemplateFitsCircuit(template(`  c: string\n${sets}`, 'evidence.c in evidence.s0;')), /evidence set fields/)
})

test('a set value larger than the circuit holds is refused when encoding', async () => {
  const { compiled, attrs, evidence } = clothingCase()
  const categories = Array.from({ length: 17 }, (_, i) => `c${i}`)
  await assert.rejects(encodePolicyInputs(compiled, { ...attrs, acceptable_categories: categories }, evidence, 'i'), CircuitBoundsError)
})

test('the smallest tier that fits is chosen: the clothing template proves on policy_small', () => {
  assert.equal(choosePolicyTier(clothingCase().compiled).circuit, 'policy_small')
  // One bound of the small tier exceeded is enough to go to the next tier, whichever it is.
  const atoms = Array.from({ length: 11 }, (_, i) => `evidence.n != ${i % 4};`).join('\n')
  assert.equal(choosePolicyTier(template('  n: int', atoms)).circuit, 'policy_medium')
  const scalars = Array.from({ length: 9 }, (_, i) => `  f${i}: int`).join('\n')
  assert.equal(choosePolicyTier(template(scalars, 'evidence.f0 == 1;')).circuit, 'policy_medium')
  const literals = 'evidence.c in {"a"};\nevidence.c in {"b"};'
  assert.equal(choosePolicyTier(template('  c: string', literals)).circuit, 'policy_medium')
  // …and one of the medium tier's to go to the universal one.
  const moreAtoms = Array.from({ length: 17 }, (_, i) => `evidence.n != ${i % 4};`).join('\n')
  assert.equal(choosePolicyTier(template('  n: int', moreAtoms)).circuit, 'policy')
  const sets = Array.from({ length: 2 }, (_, i) => `  s${i}: set<string>`).join('\n')
  assert.equal(choosePolicyTier(template(`  c: string\n${sets}`, 'evidence.c in evidence.s0;')).circuit, 'policy')
  assert.equal(choosePolicyTier(template('  c: string', 'evidence.c in {"a"};')).circuit, 'policy_small')
  // The small tier's refusal names its own circuit and bound.
  assertBound(() => compilePolicyProgram(template('  n: int', atoms), POLICY_TIER_SMALL), /atoms/)
  assert.throws(() => compilePolicyProgram(template('  n: int', atoms), POLICY_TIER_SMALL), (error: unknown) => error instanceof CircuitBoundsError && error.fields.circuit === 'policy_small')
})

test('a proof whose sets exceed the small tier\'s rows goes to a larger tier that holds them', () => {
  const { compiled, attrs, evidence } = clothingCase()
  assert.equal(choosePolicyTier(compiled, { attrs, evidence }).circuit, 'policy_small')
  // The clothing template has 3 intent sets: the medium tier (2) cannot take it, the universal can.
  const nine = Array.from({ length: 9 }, (_, i) => `c${i}`)
  assert.equal(choosePolicyTier(compiled, { attrs: { ...attrs, acceptable_categories: nine }, evidence }).circuit, 'policy')
  // Duplicates count once, as the encoder stores distinct elements.
  const eightTwice = [...nine.slice(0, 8), ...nine.slice(0, 8)]
  assert.equal(choosePolicyTier(compiled, { attrs: { ...attrs, acceptable_categories: eightTwice }, evidence }).circuit, 'policy_small')
  // A set literal of 9 elements: the template itself needs a tier with sets of 16.
  const literal = Array.from({ length: 9 }, (_, i) => `"v${i}"`).join(', ')
  assert.equal(choosePolicyTier(template('  c: string', `evidence.c in {${literal}};`)).circuit, 'policy_medium')
  const eleven = Array.from({ length: 11 }, (_, i) => `"v${i}"`).join(', ')
  const oneSet = template('  c: string', `evidence.c in intent.s;`, '  s: set<string>')
  assert.equal(choosePolicyTier(oneSet, { attrs: { s: JSON.parse(`[${eleven}]`) }, evidence: { c: 'v1' } }).circuit, 'policy_medium')
})

test('a template beyond every tier is refused with the universal tier\'s bound', () => {
  const many = Array.from({ length: 33 }, (_, i) => `evidence.n != ${i % 8};`).join('\n')
  assert.throws(() => choosePolicyTier(template('  n: int', many)), (error: unknown) =>
    error instanceof CircuitBoundsError && error.fields.circuit === 'policy' && /atoms/.test(error.fields.bound))
})
