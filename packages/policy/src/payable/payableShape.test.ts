import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { compileTemplate } from '../compile/compileTemplate.ts'
import { payableShape } from './payableShape.ts'

const example = (name: string) => readFileSync(new URL(`../../examples/${name}`, import.meta.url), 'utf8')

test('the payable example declares the six payment fields: payable', () => {
  assert.deepEqual(payableShape(compileTemplate(example('payable-clothing.template'))), { isPayable: true })
})

test('the clothing example (no token, payee or deadline) is not payable, one problem per field', () => {
  assert.deepEqual(payableShape(compileTemplate(example('clothing.template'))), {
    isPayable: false,
    problems: [
      'intent.payment_token: not declared (expected string)',
      'intent.payment_deadline_ms: not declared (expected int)',
      'evidence.payee: not declared (expected string)',
      'evidence.payee_token: not declared (expected string)',
    ],
  })
})

test('a payment field declared optional or with another type is named', () => {
  const source = example('payable-clothing.template')
    .replace('payment_token: string', 'payment_token: optional string')
    .replace('payee: string', 'payee: int')
    .replace('evidence.payee_token == intent.payment_token;', 'optional: evidence.payee_token == intent.payment_token;')
  assert.deepEqual(payableShape(compileTemplate(source)), {
    isPayable: false,
    problems: ['intent.payment_token: declared optional (expected a required string)', 'evidence.payee: declared int (expected string)'],
  })
})

test('a template that does not say which token the payee accepts is not payable', () => {
  const source = example('payable-clothing.template').replace('  payee_token: string\n', '').replace('  evidence.payee_token == intent.payment_token;\n', '')
  assert.deepEqual(payableShape(compileTemplate(source)), { isPayable: false, problems: ['evidence.payee_token: not declared (expected string)'] })
})
