import { test } from 'node:test'
import assert from 'node:assert/strict'
import { decideProposal, type ProposalFacts } from './decideProposal.ts'

const RULES = { nowMs: 1_000, backlogMax: 2 }
const pending: NonNullable<ProposalFacts['intent']> = { status: 'pending', expiresAtMs: 2_000, templateId: 'tpl', hasProposal: false }
const facts = (fields: Partial<ProposalFacts> = {}): ProposalFacts => ({ intent: pending, hasTemplate: true, provingCount: 0, ...fields })

test('a pending, unexpired intent with its template and room in the backlog accepts the proposal', () => {
  assert.deepEqual(decideProposal(facts({ provingCount: 1 }), RULES), { kind: 'accepted' })
})

test('each refusal, in the order the checks apply', () => {
  assert.deepEqual(decideProposal(facts({ intent: undefined }), RULES), { kind: 'unknown_intent' })
  assert.deepEqual(decideProposal(facts({ intent: { ...pending, status: 'expired' }, hasTemplate: false }), RULES), { kind: 'expired' })
  for (const status of ['proving', 'success', 'failure'] as const)
    assert.deepEqual(decideProposal(facts({ intent: { ...pending, status } }), RULES), { kind: 'has_proposal' })
  assert.deepEqual(decideProposal(facts({ intent: { ...pending, hasProposal: true } }), RULES), { kind: 'has_proposal' })
  // Due but not swept yet: expired already, never accepted.
  assert.deepEqual(decideProposal(facts({ intent: { ...pending, expiresAtMs: RULES.nowMs } }), RULES), { kind: 'expired' })
  assert.deepEqual(decideProposal(facts({ hasTemplate: false, provingCount: 9 }), RULES), { kind: 'template_missing', templateId: 'tpl' })
  assert.deepEqual(decideProposal(facts({ provingCount: RULES.backlogMax }), RULES), { kind: 'queue_full' })
})
