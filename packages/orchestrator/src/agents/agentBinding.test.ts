// Agent-bound intents from the outside (docs/protocol.md, "Agent-bound intents"): real HTTP, real
// signatures, one real proof. Only a named agent may propose or dry-run; every refusal leaves the
// intent's one proposal unused; the bundle carries the agent's signature and the SDK checks it.
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { agentKeyOfSigner, Ed25519Signer, MultisigSigner, parseJsonBigint, SoftwarePasskey, type Signer } from '@verity/core'
import { createProver, type Prover } from '@verity/prover'
import { signIntent, signProposal, verifyProofBundle } from '@verity/sdk'
import { createPolicyProving } from '../jobs/createPolicyProving.ts'
import type { PolicyProving } from '../jobs/PolicyProving.ts'
import { readEventStream, type EventStreamReader } from '../testing/readEventStream.ts'
import { startTestExtractor, type TestExtractor } from '../testing/startTestExtractor.ts'
import { startTestOrchestrator, type TestOrchestrator } from '../testing/startTestOrchestrator.ts'
import { PRICE_TEMPLATE } from '../testing/templates.ts'

const example = (name: string) => readFileSync(new URL(`../../../policy/examples/${name}`, import.meta.url), 'utf8')

describe('agent-bound intents over HTTP', () => {
  let orchestrator: TestOrchestrator
  let extractor: TestExtractor
  let events: EventStreamReader
  let proving: PolicyProving
  let prover: Prover
  let templateId: string
  const user = Ed25519Signer.generate()
  const agent = Ed25519Signer.generate()
  const passkeyAgent = SoftwarePasskey.generate()
  const stranger = Ed25519Signer.generate()

  before(async () => {
    prover = createProver({ threads: 1 })
    proving = createPolicyProving({ prover })
    extractor = await startTestExtractor()
    extractor.set('good', { kind: 'evidence', evidence: { price_cents: 500, color: 'red' } })
    extractor.set('cheap', { kind: 'evidence', evidence: { price_cents: 100, color: 'red' } })
    orchestrator = await startTestOrchestrator({ proving })
    templateId = (await orchestrator.request('POST', '/templates', PRICE_TEMPLATE)).json.template_id
    await orchestrator.request('PUT', '/config', { evidence_extractor_url: extractor.url })
    events = await readEventStream(orchestrator.url)
  })
  // Each resource is closed even when the one before it never started, so the process always ends.
  after(async () => {
    events?.close()
    await orchestrator?.close()
    await extractor?.close()
    await proving?.close()
    await prover?.close()
  })

  /** A pending intent naming `agent` and `passkeyAgent`. */
  async function boundIntent(shape: 'a' | 'b' = 'b', agents: Signer[] = [agent, passkeyAgent]) {
    const id = randomUUID()
    const signedIntent = signIntent({ id, templateId, fields: { max_price_cents: 1_000 }, signer: user, shape, agents: agents.map(agentKeyOfSigner) })
    const created = await orchestrator.request('POST', '/intents', signedIntent)
    assert.equal(created.status, 200, created.text)
    return { id, signedIntent }
  }
  const signed = (signer: Signer, intent: { signedIntent: unknown }, solution = 'good', extra: { action?: 'proposal' | 'check'; orchestratorUrl?: string; metadata?: unknown } = {}) =>
    signProposal({ agent: signer, orchestratorUrl: extra.orchestratorUrl ?? orchestrator.url, signedIntent: intent.signedIntent, solution, metadata: extra.metadata ?? { note: 1 }, ...(extra.action === undefined ? {} : { action: extra.action }) })
  const propose = (id: string, body: unknown) => orchestrator.request('POST', `/intents/${id}/proposal`, body)
  const status = async (id: string) => (await orchestrator.request('GET', `/intents/${id}/status`)).json.status

  test("a stranger's proposal is refused and leaves the proposal unused; the named agent's then proves, and the bundle carries its signature", async () => {
    const intent = await boundIntent()
    const refusals = [
      [await propose(intent.id, { solution: 'good', metadata: { note: 1 } }), 401, 'AGENT_SIGNATURE_REQUIRED'],
      [await propose(intent.id, signed(stranger, intent)), 403, 'AGENT_NOT_NAMED'],
      [await orchestrator.request('POST', `/intents/${intent.id}/check`, { solution: 'good', metadata: null }), 401, 'AGENT_SIGNATURE_REQUIRED'],
      [await orchestrator.request('POST', `/intents/${intent.id}/check`, signed(stranger, intent, 'good', { action: 'check' })), 403, 'AGENT_NOT_NAMED'],
    ] as const
    for (const [answer, code, name] of refusals) {
      assert.equal(answer.status, code, answer.text)
      assert.equal(answer.json.code, name)
      assert.match(answer.json.message, /one proposal is not used|signed by one of them/)
    }
    // A public key and an owner id look alike: the refusal names the intent's keys and the signer's key and owner id.
    const notNamed = refusals[1][0].json.message as string
    assert.match(notNamed, /^the intent names keys? .*; this proposal is signed by Ed25519 key /)
    assert.ok(notNamed.includes(`Ed25519 key ${stranger.publicKeyBase58}, owner id ${stranger.ownerId}`), notNamed)
    assert.ok(notNamed.includes(`Ed25519 ${agent.publicKeyBase58}`), notNamed)
    assert.equal(await status(intent.id), 'pending')

    // The passkey agent may dry-run; the Ed25519 agent proposes.
    const check = await orchestrator.request('POST', `/intents/${intent.id}/check`, signed(passkeyAgent, intent, 'good', { action: 'check' }))
    assert.equal(check.status, 200, check.text)
    assert.equal(check.json.ok, true)
    const accepted = await propose(intent.id, signed(agent, intent))
    assert.equal(accepted.status, 200, accepted.text)
    const event = await events.waitFor((candidate) => candidate.data.intent_id === intent.id, 240_000)
    assert.equal(event.event, 'success', JSON.stringify(event.data))
    assert.deepEqual(event.data.proposal, { solution: 'good', metadata: { note: 1 } }, 'events carry the spec proposal only')

    const text = (await orchestrator.request('GET', `/proofs/${intent.id}`)).text
    const bundle = JSON.parse(text)
    assert.deepEqual(bundle.proposal, { solution: 'good', metadata: { note: 1 } })
    assert.equal(bundle.agent_authorization.orchestrator, orchestrator.url)
    const verify = (candidate: unknown) => verifyProofBundle(candidate, { verifier: prover })
    const verified = await verify(parseJsonBigint(text))
    assert.ok(verified.ok, JSON.stringify(verified))
    assert.deepEqual(verified.statement.agent, { ownerId: agent.ownerId, orchestrator: orchestrator.url })

    // Refused offline, before the proof is looked at: no signature, another's, or a proposal altered under it.
    const refusal = async (candidate: unknown) => {
      const result = await verify(candidate)
      return result.ok ? 'ok' : result.check
    }
    const { agent_authorization: _dropped, ...unsigned } = bundle
    assert.equal(await refusal(unsigned), 'agent-signature-missing')
    assert.equal(await refusal({ ...bundle, agent_authorization: signed(stranger, intent).agent_authorization }), 'agent-signature')
    assert.equal(await refusal({ ...bundle, agent_authorization: signed(agent, intent, 'cheap').agent_authorization }), 'agent-signature')
    assert.equal(await refusal({ ...bundle, proposal: { ...bundle.proposal, metadata: { note: 2 } } }), 'agent-signature')
  })

  test('a replayed signature (another intent, another proposal, a dry run, another orchestrator) is refused and uses nothing up', async () => {
    const first = await boundIntent()
    const second = await boundIntent()
    const cases = [
      ['another intent', signed(agent, second), 401, 'AGENT_SIGNATURE_INVALID'],
      ['another solution', { ...signed(agent, first, 'cheap'), solution: 'good' }, 401, 'AGENT_SIGNATURE_INVALID'],
      ['other metadata', { ...signed(agent, first), metadata: { note: 2 } }, 401, 'AGENT_SIGNATURE_INVALID'],
      ['a dry run signature', signed(agent, first, 'good', { action: 'check' }), 401, 'AGENT_SIGNATURE_INVALID'],
      ['another orchestrator', signed(agent, first, 'good', { orchestratorUrl: 'http://127.0.0.1:1' }), 403, 'AGENT_ORCHESTRATOR_MISMATCH'],
      ['a malformed signature (the edge schema names the field)', { ...signed(agent, first), agent_authorization: { orchestrator: orchestrator.url, signature: { Ed25519: { pub_key: agent.publicKeyBase58 } } } }, 400, 'INVALID_REQUEST'],
    ] as const
    for (const [name, body, code, errorCode] of cases) {
      const answer = await propose(first.id, body)
      assert.equal(answer.status, code, `${name}: ${answer.text}`)
      assert.equal(answer.json.code, errorCode, name)
    }
    assert.equal(await status(first.id), 'pending')
    assert.equal(await status(second.id), 'pending')
    // The agent's own signature for the second intent still works there.
    assert.equal((await propose(second.id, signed(agent, second, 'cheap'))).status, 200)
  })

  test('strangers racing the agent: every stranger refused, the agent accepted once, then 409', async () => {
    const intent = await boundIntent('a', [new MultisigSigner({ members: [{ signer: agent, weight: 1 }, { signer: passkeyAgent, weight: 1 }], threshold: 2 })])
    const multisig = new MultisigSigner({ members: [{ signer: agent, weight: 1 }, { signer: passkeyAgent, weight: 1 }], threshold: 2 })
    const strangers = Array.from({ length: 12 }, () => Ed25519Signer.generate())
    const answers = await Promise.all([
      ...strangers.map((signer) => propose(intent.id, signed(signer, intent, 'cheap'))),
      ...strangers.map(() => propose(intent.id, { solution: 'cheap', metadata: null })),
      propose(intent.id, signed(multisig, intent, 'good')),
    ])
    const agentAnswer = answers.pop()!
    assert.equal(agentAnswer.status, 200, agentAnswer.text)
    assert.deepEqual(new Set(answers.map((answer) => answer.json.code)), new Set(['AGENT_NOT_NAMED', 'AGENT_SIGNATURE_REQUIRED']))
    assert.equal((await propose(intent.id, signed(multisig, intent, 'cheap'))).status, 409)
    // A single member's signature is not the multisig agent's.
    assert.equal((await propose(intent.id, signed(agent, intent, 'cheap'))).json.code, 'AGENT_NOT_NAMED')
  })

  test('malformed agents are refused at creation, naming the entry', async () => {
    const body = signIntent({ id: randomUUID(), templateId, fields: { max_price_cents: 1 }, signer: user, agents: [{ Ed25519: 'abc' } as never] })
    const answer = await orchestrator.request('POST', '/intents', body)
    assert.equal(answer.status, 400)
    assert.equal(answer.json.code, 'MALFORMED_AGENT_KEY')
    assert.match(answer.json.message, /intent\.agents\[0\]\.Ed25519/)
    const twice = signIntent({ id: randomUUID(), templateId, fields: { max_price_cents: 1 }, signer: user, agents: [agentKeyOfSigner(agent), agentKeyOfSigner(agent)] })
    assert.match((await orchestrator.request('POST', '/intents', twice)).json.message, /named twice/)
  })

  test('a payable intent that names no agent is refused at creation, whatever its template constrains, saying to name the agent', async () => {
    const fields = { acceptable_categories: ['t-shirt'], size: 'M', max_price_cents: 2500, payment_token: 'native', payment_deadline_ms: Date.now() + 3_600_000 }
    const examples = [
      ['payable-clothing.template', fields],
      // A payee constraint does not stand for agents: whoever proposes would still choose the item, the quantity and the address.
      ['payable-store.template', { ...fields, allowed_payees: [`${user.ownerId},1`] }],
    ] as const
    for (const [name, attrs] of examples) {
      const payable = (await orchestrator.request('POST', '/templates', example(name))).json.template_id
      const id = randomUUID()
      const refused = await orchestrator.request('POST', '/intents', signIntent({ id, templateId: payable, fields: attrs, signer: user }))
      assert.equal(refused.status, 400, name)
      assert.equal(refused.json.code, 'PAYABLE_INTENT_UNBOUND', name)
      assert.match(refused.json.message, /names no agent: whoever proposed first would choose what is bought.*name the agent .*verity intent create --agent KEY/, name)
      assert.equal((await orchestrator.request('GET', `/intents/${id}/status`)).status, 404, `${name}: nothing stored`)
      const bound = await orchestrator.request('POST', '/intents', signIntent({ id: randomUUID(), templateId: payable, fields: attrs, signer: user, agents: [agentKeyOfSigner(agent)] }))
      assert.equal(bound.status, 200, bound.text)
    }
    // A template that cannot pay still takes intents without agents (anyone may propose, as the spec says).
    const open = await orchestrator.request('POST', '/intents', signIntent({ id: randomUUID(), templateId, fields: { max_price_cents: 1_000 }, signer: user }))
    assert.equal(open.status, 200, open.text)
  })
})
