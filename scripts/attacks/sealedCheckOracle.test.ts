// Attack (issue 42, attack 5): the sealed check oracle.
// Attacker: a stranger who knows the id of a user's sealed intent.
// Attack: call POST /intents/{id}/check as often as they like, with solutions whose prices and sizes
// they choose, and read which constraints fail, to recover the hidden price cap and sizes.
// Expected: a sealed intent that names no agents answers no dry run at all (403
// SEALED_CHECK_UNAUTHORIZED, the same answer whatever is asked, with no constraint results); a
// sealed intent that names its agents answers only its named agent's signed dry run (401
// AGENT_SIGNATURE_REQUIRED / 403 AGENT_NOT_NAMED / 401 AGENT_SIGNATURE_INVALID otherwise). The
// intent's one proposal is never used. Real HTTP, real signatures, a real orchestrator.
import { randomUUID } from 'node:crypto'
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { agentKeyOfSigner, Ed25519Signer } from '@verity/core'
import { compileTemplate } from '@verity/policy'
import { sealIntent, signProposal } from '@verity/sdk'
import { startTestExtractor, type TestExtractor } from '../../packages/orchestrator/src/testing/startTestExtractor.ts'
import { startTestOrchestrator, type TestOrchestrator } from '../../packages/orchestrator/src/testing/startTestOrchestrator.ts'

const TEMPLATE = `name sealed_oracle_guard
intent {
  max_price_cents: int
  sizes: set<string>
}
evidence {
  price_cents: int
  size: string
}
requires {
  evidence.price_cents <= intent.max_price_cents;
  evidence.size in intent.sizes;
}
`
/** The user's hidden limits: what the stranger tries to learn. */
const FIELDS = { max_price_cents: 4_321, sizes: ['Medium (M)'] }
/** Prices a stranger bisects over (around the hidden cap) and sizes they try. */
const PROBES = [
  { price_cents: 1, size: 'Medium (M)' },
  { price_cents: 4_321, size: 'Medium (M)' },
  { price_cents: 4_322, size: 'Medium (M)' },
  { price_cents: 100_000, size: 'Small (S)' },
]

describe('attack: a stranger uses /check of a sealed intent as an oracle', () => {
  let orchestrator: TestOrchestrator
  let extractor: TestExtractor
  let templateId: string
  const user = Ed25519Signer.generate()
  const agent = Ed25519Signer.generate()
  const stranger = Ed25519Signer.generate()

  before(async () => {
    extractor = await startTestExtractor()
    PROBES.forEach((evidence, index) => extractor.set(`probe-${index}`, { kind: 'evidence', evidence }))
    orchestrator = await startTestOrchestrator({})
    assert.equal((await orchestrator.request('PUT', '/config', { evidence_extractor_url: extractor.url })).status, 200)
    templateId = (await orchestrator.request('POST', '/templates', TEMPLATE)).json.template_id
  })
  after(async () => {
    await orchestrator?.close()
    await extractor?.close()
  })

  async function sealed(agents?: Ed25519Signer[]) {
    const id = randomUUID()
    const { body, signedIntent } = await sealIntent({ id, compiled: compileTemplate(TEMPLATE), fields: FIELDS, signer: user, ...(agents === undefined ? {} : { agents: agents.map(agentKeyOfSigner) }) })
    const created = await orchestrator.request('POST', '/intents', body)
    assert.equal(created.status, 200, created.text)
    return { id, signedIntent }
  }
  const check = (id: string, body: unknown) => orchestrator.request('POST', `/intents/${id}/check`, body)
  const status = async (id: string) => (await orchestrator.request('GET', `/intents/${id}/status`)).json.status

  test('a sealed intent that names no agents answers no dry run: every probe gets the same refusal, with no constraint results', async () => {
    const intent = await sealed()
    const answers = []
    for (const [index] of PROBES.entries()) answers.push(await check(intent.id, { solution: `probe-${index}`, metadata: null }))
    // Signing the probe does not help: nobody is named, so no signature can be a named agent's.
    answers.push(await check(intent.id, signProposal({ agent: stranger, orchestratorUrl: orchestrator.url, signedIntent: intent.signedIntent, solution: 'probe-1', metadata: null, action: 'check' })))
    for (const answer of answers) {
      assert.equal(answer.status, 403, answer.text)
      assert.equal(answer.json.code, 'SEALED_CHECK_UNAUTHORIZED')
      assert.match(answer.json.message, /names no agents/)
      assert.match(answer.json.message, /--agent/)
      assert.equal(answer.json.constraint_failures, undefined)
      assert.equal(answer.json.ok, undefined)
    }
    // The stranger learns nothing: the answer does not depend on what was asked.
    assert.equal(new Set(answers.map((answer) => answer.text)).size, 1, 'every probe gets the same answer')
    assert.equal(await status(intent.id), 'pending', 'no probe used the intent up')
  })

  test("a sealed intent that names its agents answers only its agent's signed dry run", async () => {
    const intent = await sealed([agent])
    const signed = (signer: Ed25519Signer, solution: string, action: 'check' | 'proposal' = 'check') =>
      signProposal({ agent: signer, orchestratorUrl: orchestrator.url, signedIntent: intent.signedIntent, solution, metadata: null, action })
    const refusals = [
      [await check(intent.id, { solution: 'probe-2', metadata: null }), 401, 'AGENT_SIGNATURE_REQUIRED'],
      [await check(intent.id, signed(stranger, 'probe-2')), 403, 'AGENT_NOT_NAMED'],
      // The agent's signature over another probe, or over a proposal, does not stand for this dry run.
      [await check(intent.id, { ...signed(agent, 'probe-1'), solution: 'probe-2' }), 401, 'AGENT_SIGNATURE_INVALID'],
      [await check(intent.id, signed(agent, 'probe-2', 'proposal')), 401, 'AGENT_SIGNATURE_INVALID'],
    ] as const
    for (const [answer, code, name] of refusals) {
      assert.equal(answer.status, code, answer.text)
      assert.equal(answer.json.code, name)
      assert.equal(answer.json.constraint_failures, undefined)
    }
    // The named agent may dry-run: it is the user's own agent.
    const own = await check(intent.id, signed(agent, 'probe-2'))
    assert.equal(own.status, 200, own.text)
    assert.equal(own.json.ok, false)
    assert.deepEqual(own.json.constraint_failures.map((failure: { index: number }) => failure.index), [0])
    assert.equal(await status(intent.id), 'pending')
  })
})
