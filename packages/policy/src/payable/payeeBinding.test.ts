import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { compileTemplate } from '../compile/compileTemplate.ts'
import { payableShape } from './payableShape.ts'
import { payeeBindingOf } from './payeeBinding.ts'

const example = (name: string) => readFileSync(new URL(`../../examples/${name}`, import.meta.url), 'utf8')
const unbound = example('payable-clothing.template')
const withConstraint = (constraint: string, declarations = '  allowed_payees: set<string>\n  store: string\n  flag: bool\n') =>
  unbound.replace('  payment_deadline_ms: int\n', `  payment_deadline_ms: int\n${declarations}`).replace('requires {\n', `requires {\n  ${constraint};\n`)

test('payable-store ties its payee to intent.allowed_payees; payable-clothing ties nothing', () => {
  const store = compileTemplate(example('payable-store.template'))
  assert.equal(payableShape(store).isPayable, true)
  assert.deepEqual(payeeBindingOf(store), { index: 4, field: 'evidence.payee' })
  assert.equal(payeeBindingOf(compileTemplate(unbound)), undefined)
})

test('== or in, with an intent field or a literal, alone or inside a top-level and, binds the payee', () => {
  for (const constraint of [
    'evidence.payee == intent.store',
    'intent.store == evidence.payee',
    'evidence.payee in intent.allowed_payees',
    'evidence.payee in {"a,1", "b,1"}',
    'evidence.payee == "a,1"',
    'evidence.size == intent.size and evidence.payee in intent.allowed_payees',
  ])
    assert.deepEqual(payeeBindingOf(compileTemplate(withConstraint(constraint))), { index: 0, field: 'evidence.payee' }, constraint)
})

test('a constraint that can hold whatever the payee is does not bind it', () => {
  for (const constraint of [
    'evidence.payee != intent.store',
    'evidence.payee not in intent.allowed_payees',
    'evidence.payee in intent.allowed_payees or intent.flag',
    'not (evidence.payee != intent.store)',
    'evidence.payee == evidence.size',
  ])
    assert.equal(payeeBindingOf(compileTemplate(withConstraint(constraint))), undefined, constraint)
})

test('an optional: constraint does not bind the payee (an intent may leave its guard out)', () => {
  const source = withConstraint('optional: evidence.payee == intent.store', '  store: optional string\n')
  assert.equal(payeeBindingOf(compileTemplate(source)), undefined)
})

test('evidence.business binds as evidence.payee does', () => {
  const source = withConstraint('evidence.business in intent.allowed_payees').replace('  payee_token: string\n', '  payee_token: string\n  business: string\n')
  assert.deepEqual(payeeBindingOf(compileTemplate(source)), { index: 0, field: 'evidence.business' })
})
