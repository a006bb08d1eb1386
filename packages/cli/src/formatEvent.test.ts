// A failure event reads in words, money as money, numbered once (issue 44): `verity propose --wait`
// and `verity events` print these lines in text mode; --json prints the event's raw failures.
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { decodeInputFields } from '@verity/core'
import { compileTemplate, evaluateTemplate } from '@verity/policy'
import type { OrchestratorEventMessage } from '@verity/sdk'
import { formatEvent } from './formatEvent.ts'

const template = compileTemplate(readFileSync(fileURLToPath(new URL('../../policy/examples/clothing.template', import.meta.url)), 'utf8'))
const attrs = decodeInputFields({ acceptable_categories: ['t-shirt', 'polo'], size: 'Medium (M)', audience: 'unisex', max_price_cents: 2500, acceptable_colors: ['White'] }, 'intent')
const evidence = { category: 'polo', color: 'Navy', brand: 'Acme', size: 'Medium (M)', audience: 'men', price_cents: 3499 }

function failureEvent(): OrchestratorEventMessage {
  const result = evaluateTemplate(template, attrs, decodeInputFields(evidence, 'evidence'))
  assert.equal(result.ok, false)
  const failures = result.ok ? [] : result.failures
  return { id: '7', type: 'failure', data: { intent_id: 'i-1', reason: 'constraints failed', evidence, constraint_failures: failures } } as OrchestratorEventMessage
}

test("a failure event's constraints read in words with money as money, numbered once", () => {
  assert.equal(
    formatEvent(failureEvent(), { template, attrs }),
    [
      '#7 failure  i-1  3 constraint(s) failed:',
      '    1. Audience: "men", not the "unisex" you asked for',
      '    2. Price: $34.99, above your $25.00 cap',
      '    3. Color: "Navy", not one of "White"',
    ].join('\n'),
  )
})

test("without the intent's template and values (a sealed intent created elsewhere), the orchestrator's reasons, numbered once", () => {
  const lines = formatEvent(failureEvent()).split('\n')
  assert.equal(lines.length, 4)
  assert.match(lines[2]!, /^ {4}2\. evidence\.price_cents <= intent\.max_price_cents evaluated to false/)
})
