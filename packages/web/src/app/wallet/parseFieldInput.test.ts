import assert from 'node:assert/strict'
import { test } from 'node:test'
import type { FieldDecl } from '@verity/policy'
import { parseFieldInput } from './parseFieldInput.ts'

const field = (name: string, type: FieldDecl['type'] = 'int') => ({ name, type, isOptional: false }) as FieldDecl
const typed = (text: string) => ({ text, checked: false })
const NOW_MS = Date.parse('2026-12-02T05:00:00Z')

test('a *_cents field takes dollars and signs cents (issue 44: 25 is $25.00, not 25 cents)', () => {
  assert.deepEqual(parseFieldInput(field('max_price_cents'), typed('25')), { ok: true, value: 2500n })
  assert.deepEqual(parseFieldInput(field('max_price_cents'), typed('25.5')), { ok: true, value: 2550n })
  assert.deepEqual(parseFieldInput(field('max_price_cents'), typed('$1,234.05')), { ok: true, value: 123405n })
  assert.deepEqual(parseFieldInput(field('max_price_cents'), typed('19.999')), { ok: false, error: 'an amount in dollars, like 25.00 (at most two digits after the point)' })
  assert.deepEqual(parseFieldInput(field('max_price_cents'), typed('25 dollars')), { ok: false, error: 'an amount in dollars, like 25.00 (at most two digits after the point)' })
  assert.deepEqual(parseFieldInput(field('quantity'), typed('25')), { ok: true, value: 25n }, 'other ints stay whole numbers')
})

test('a *_deadline_ms field takes a date and time, at least a minute from now', () => {
  const inAnHour = new Date(NOW_MS + 3_600_000)
  const local = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}T${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`
  assert.deepEqual(parseFieldInput(field('payment_deadline_ms'), typed(local(inAnHour)), NOW_MS), { ok: true, value: BigInt(NOW_MS + 3_600_000) })
  assert.deepEqual(parseFieldInput(field('payment_deadline_ms'), typed(local(new Date(NOW_MS - 60_000))), NOW_MS), { ok: false, error: 'this time is in the past: the intent could never be paid' })
  assert.deepEqual(parseFieldInput(field('payment_deadline_ms'), typed('1796170145000'), NOW_MS), { ok: false, error: 'a date and time, like 2026-12-31 18:00' })
})
