import { randomUUID } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer, parseJsonBigint } from '@verity/core'
import { createProver, type Prover } from '@verity/prover'
import { verifyProofBundle } from '@verity/sdk'
import { createPolicyProving } from './createPolicyProving.ts'
import type { PolicyProving } from './PolicyProving.ts'
import { readEventStream, type EventStreamReader } from '../testing/readEventStream.ts'
import { signIntentShapeB } from '../testing/signIntent.ts'
import { startTestExtractor, type TestExtractor } from '../testing/startTestExtractor.ts'
import { startTestOrchestrator, type TestOrchestrator } from '../testing/startTestOrchestrator.ts'

// Set relations end to end: a template using all four is stored (on the sets tier), a proposal
// whose evidence satisfies them is proven and the bundle verifies offline; evidence breaking one
// relation fails at that relation's index with both sets in the reason. Templates the circuit
// cannot prove are refused when pushed. Missing and mistyped evidence fields are named at once.

const COOKWARE = `name cookware_relations
intent {
  wanted: set<string>
  excluded: set<string>
  colors: set<string>
}
evidence {
  pieces: set<string>
  materials: set<string>
  colors: set<string>
  price_cents: int
}
requires {
  evidence.pieces superset intent.wanted;
  evidence.pieces subset {"lid", "saucepan", "skillet", "stockpot"};
  evidence.materials disjoint intent.excluded;
  evidence.colors intersects intent.colors;
  evidence.price_cents <= 20000;
}
`
const ATTRS = { wanted: ['saucepan', 'skillet'], excluded: ['teflon', 'aluminium'], colors: ['grey', 'white'] }
const GOOD = { pieces: ['saucepan', 'skillet', 'lid'], materials: ['steel'], colors: ['white', 'black'], price_cents: 12_000 }

describe('set relations: propose, prove, verify (real proofs on the sets tier)', () => {
  let orchestrator: TestOrchestrator
  let extractor: TestExtractor
  let events: EventStreamReader
  let proving: PolicyProving
  let prover: Prover
  let templateId: string
  const signer = Ed25519Signer.generate()

  before(async () => {
    prover = createProver({ threads: 1 })
    proving = createPolicyProving({ prover })
    extractor = await startTestExtractor()
    orchestrator = await startTestOrchestrator({ proving })
    const created = await orchestrator.request('POST', '/templates', COOKWARE)
    assert.equal(created.status, 200, created.text)
    templateId = created.json.template_id
    await orchestrator.request('PUT', '/config', { evidence_extractor_url: extractor.url })
    events = await readEventStream(orchestrator.url)
  })
  after(async () => {
    events.close()
    await orchestrator.close()
    await extractor.close()
    await proving.close()
    await prover.close()
  })

  async function submit(): Promise<string> {
    const id = randomUUID()
    const accepted = await orchestrator.request('POST', '/intents', signIntentShapeB(signer, { id, templateId, fields: ATTRS }))
    assert.equal(accepted.status, 200, accepted.text)
    return id
  }

  async function propose(evidence: Record<string, unknown>) {
    const id = await submit()
    const solution = `solution-${id}`
    extractor.set(solution, { kind: 'evidence', evidence })
    assert.equal((await orchestrator.request('POST', `/intents/${id}/proposal`, { solution, metadata: {} })).status, 200)
    const event = await events.waitFor((candidate) => candidate.data.intent_id === id, 240_000)
    return { id, solution, event }
  }

  test('evidence satisfying every relation is proven on the sets tier and the bundle verifies offline', async () => {
    const { id, event } = await propose(GOOD)
    assert.equal(event.event, 'success', JSON.stringify(event.data))
    const bundle = await orchestrator.request('GET', `/proofs/${id}`)
    assert.equal(bundle.status, 200)
    assert.equal(bundle.json.proof.artifact.circuit, 'policy_sets')
    // What `verity verify` runs.
    const verified = await verifyProofBundle(parseJsonBigint(bundle.text), { verifier: prover })
    assert.equal(verified.ok, true, JSON.stringify(verified))
    const altered = { ...JSON.parse(bundle.text), evidence: { ...GOOD, materials: ['steel', 'teflon'] } }
    assert.equal((await verifyProofBundle(altered, { verifier: prover })).ok, false)
  })

  test('evidence breaking one relation fails at its index, the reason showing both sets', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ pieces: ['saucepan', 'lid'] }, 0,
        'evidence.pieces superset intent.wanted evaluated to false (evidence.pieces = {"lid", "saucepan"}, intent.wanted = {"saucepan", "skillet"}, not in evidence.pieces: {"skillet"})'],
      [{ pieces: ['saucepan', 'skillet', 'wok'] }, 1,
        'evidence.pieces subset {"lid", "saucepan", "skillet", "stockpot"} evaluated to false (evidence.pieces = {"saucepan", "skillet", "wok"}, not in the set literal: {"wok"})'],
      [{ materials: ['steel', 'teflon'] }, 2,
        'evidence.materials disjoint intent.excluded evaluated to false (evidence.materials = {"steel", "teflon"}, intent.excluded = {"aluminium", "teflon"}, in common: {"teflon"})'],
      [{ colors: ['red'] }, 3,
        'evidence.colors intersects intent.colors evaluated to false (evidence.colors = {"red"}, intent.colors = {"grey", "white"}, no element in common)'],
    ]
    for (const [change, index, reason] of cases) {
      const { id, event } = await propose({ ...GOOD, ...change })
      assert.equal(event.event, 'failure', JSON.stringify(change))
      assert.deepEqual(event.data.constraint_failures, [{ index, pretty_expr: reason.split(' evaluated to false')[0], reason }])
      assert.equal(event.data.reason, `Constraint[${index}] failed: ${reason}`)
      assert.equal((await orchestrator.request('GET', `/proofs/${id}`)).status, 404)
    }
  })

  test('a template the circuit cannot prove is refused when pushed, naming the bound', async () => {
    const five = COOKWARE.replace('  evidence.price_cents <= 20000;\n', '  evidence.colors intersects {"black"};\n')
    for (const path of ['/templates', '/templates/validate']) {
      const refused = await orchestrator.request('POST', path, five)
      assert.equal(refused.status, 400, path)
      assert.match(refused.json.message, /policy_sets circuit: set relations \(subset, superset, intersects, disjoint\) exceeds the circuit's bound \(5 > 4\)/)
    }
    const literal = `{${Array.from({ length: 33 }, (_, index) => `"p${index}"`).join(', ')}}`
    const large = await orchestrator.request('POST', '/templates', COOKWARE.replace('{"lid", "saucepan", "skillet", "stockpot"}', literal))
    assert.equal(large.status, 400)
    assert.match(large.json.message, /policy_sets circuit: set literal elements exceeds the circuit's bound \(33 > 32\)/)
    const mixed = await orchestrator.request('POST', '/templates', COOKWARE.replace('evidence.colors intersects intent.colors', 'evidence.price_cents intersects intent.colors'))
    assert.equal(mixed.status, 400)
    assert.equal(mixed.json.message, 'line 17, column 3: `intersects` relates two sets: `intent.colors` is set<string> and `evidence.price_cents` is int, not a set<int>')
  })

  test('an intent whose set attribute no tier can hold is refused when submitted (400 naming the field), and not stored', async () => {
    const id = randomUUID()
    const wanted = Array.from({ length: 33 }, (_, index) => `piece${index}`)
    const refused = await orchestrator.request('POST', '/intents', signIntentShapeB(signer, { id, templateId, fields: { ...ATTRS, wanted } }))
    assert.equal(refused.status, 400, refused.text)
    assert.match(refused.json.message, /policy_sets circuit: elements of set field intent\.wanted exceeds the circuit's bound \(33 > 32\)/)
    assert.equal((await orchestrator.request('GET', `/intents/${id}`)).status, 404)
    const atBound = await orchestrator.request('POST', '/intents', signIntentShapeB(signer, { id, templateId, fields: { ...ATTRS, wanted: wanted.slice(0, 32) } }))
    assert.equal(atBound.status, 200, atBound.text)
  })

  test('every missing or mistyped evidence field is named at once, in the failure event and the dry run', async () => {
    const evidence = { pieces: 'saucepan', colors: ['white'], price: 3 }
    const expected = [
      { field: 'evidence.price', kind: 'unknown', reason: 'unknown field evidence.price' },
      { field: 'evidence.materials', kind: 'missing', reason: 'missing required field evidence.materials' },
      { field: 'evidence.pieces', kind: 'wrong_type', reason: 'wrong type for field evidence.pieces: expected set<string>, got string' },
      { field: 'evidence.price_cents', kind: 'missing', reason: 'missing required field evidence.price_cents' },
    ]
    const id = await submit()
    extractor.set(`check-${id}`, { kind: 'evidence', evidence })
    const check = await orchestrator.request('POST', `/intents/${id}/check`, { solution: `check-${id}`, metadata: {} })
    assert.equal(check.status, 200)
    assert.equal(check.json.ok, false)
    assert.deepEqual(check.json.input_data_errors, expected)
    assert.equal(check.json.reason.split('\n')[0], 'input data error: unknown field evidence.price')
    const { event } = await propose(evidence)
    assert.equal(event.event, 'failure')
    assert.deepEqual(event.data.input_data_errors, expected)
    assert.equal(event.data.reason, expected.map((problem) => `input data error: ${problem.reason}`).join('\n'))
    assert.deepEqual(event.data.constraint_failures, [])
    // A constraint failure carries no input data errors.
    const { event: constraintFailure } = await propose({ ...GOOD, colors: ['red'] })
    assert.equal(constraintFailure.data.input_data_errors, undefined)
  })
})
