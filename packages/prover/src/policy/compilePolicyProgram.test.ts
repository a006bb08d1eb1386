import { test } from 'node:test'
import assert from 'node:assert/strict'
import { compileTemplate } from '@verity/policy'
import { assertTemplateFitsCircuit, compilePolicyProgram } from './compilePolicyProgram.ts'
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
