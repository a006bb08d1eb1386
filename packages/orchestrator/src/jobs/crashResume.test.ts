import type { ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer, parseJsonBigint } from '@verity/core'
import { createProver, type Prover } from '@verity/prover'
import { verifyProofBundle } from '@verity/sdk'
import { readEventStream } from '../testing/readEventStream.ts'
import { sendRequest as send } from '../testing/sendRequest.ts'
import { signIntentShapeB } from '../testing/signIntent.ts'
import { killProcess as kill9, startOrchestratorProcess } from '../testing/startOrchestratorProcess.ts'

const CLOTHING_TEMPLATE = readFileSync(new URL('../../../policy/examples/clothing.template', import.meta.url), 'utf8')
/** The README's intent: a t-shirt or a polo, size M, unisex, at most $25.00, in white. */
const README_ATTRS = { acceptable_categories: ['t-shirt', 'polo'], size: 'M', audience: 'unisex', max_price_cents: 2500, acceptable_colors: ['White'] }
/** A product of the demo catalog that satisfies the README's intent. */
const VALID_SOLUTION = 'catalog:tee-classic-white-m'

describe('proposals survive the orchestrator: kill -9 and SIGTERM while proving (embedded extractor, real proofs)', () => {
  const children: ChildProcess[] = []
  const dataDirs: string[] = []
  let prover: Prover
  const signer = Ed25519Signer.generate()

  before(() => {
    prover = createProver({ threads: 1 })
  })
  after(async () => {
    for (const child of children) await kill9(child)
    await prover.close()
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true })
  })

  async function start(dataDir: string) {
    const started = await startOrchestratorProcess(['--data-dir', dataDir])
    children.push(started.child)
    return started
  }

  /** Pushes the clothing template, creates the README's intent and proposes the valid solution. */
  async function proposeValid(url: string): Promise<string> {
    const templateId = (await send(url, 'POST', '/templates', CLOTHING_TEMPLATE)).json.template_id as string
    const id = randomUUID()
    assert.equal((await send(url, 'POST', '/intents', signIntentShapeB(signer, { id, templateId, fields: README_ATTRS }))).status, 200)
    assert.equal((await send(url, 'POST', `/intents/${id}/proposal`, { solution: VALID_SOLUTION, metadata: null })).status, 200)
    return id
  }

  /** Waits for the intent's terminal event (replayed from the start of the log), checks it is the only one and the proof verifies. */
  async function expectOneVerifiedSuccess(url: string, id: string): Promise<void> {
    const stream = await readEventStream(url, '0')
    try {
      const event = await stream.waitFor((candidate) => candidate.data.intent_id === id)
      assert.equal(event.event, 'success', String(event.data.reason))
      await new Promise((resolve) => setTimeout(resolve, 200))
      assert.equal(stream.events.filter((candidate) => candidate.data.intent_id === id).length, 1)
    } finally {
      stream.close()
    }
    const bundle = await send(url, 'GET', `/proofs/${id}`)
    assert.equal(bundle.status, 200)
    assert.equal((await verifyProofBundle(parseJsonBigint(bundle.text), { verifier: prover })).ok, true)
  }

  test('a valid proposal cut off by kill -9 ends in success after the restart, with a proof that verifies', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'verity-orchestrator-crash-'))
    dataDirs.push(dataDir)
    const first = await start(dataDir)
    const id = await proposeValid(first.url)
    assert.equal((await send(first.url, 'GET', `/intents/${id}/status`)).json.status, 'proving')
    await new Promise((resolve) => setTimeout(resolve, 300))
    await kill9(first.child)

    const second = await start(dataDir)
    await expectOneVerifiedSuccess(second.url, id)
    assert.equal((await send(second.url, 'GET', `/intents/${id}/status`)).json.status, 'success')
  })

  test('SIGTERM drains: the proposal in flight is finished and stored before the process exits 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'verity-orchestrator-drain-'))
    dataDirs.push(dataDir)
    const first = await start(dataDir)
    const id = await proposeValid(first.url)
    const exited = new Promise<number | null>((resolve) => first.child.once('exit', (code) => resolve(code)))
    await new Promise((resolve) => setTimeout(resolve, 1_000)) // the job is claimed and proving (a proof takes seconds)
    first.child.kill('SIGTERM')
    assert.equal(await exited, 0)

    const second = await start(dataDir)
    // Finished by the first process: already terminal before the second could run anything.
    assert.equal((await send(second.url, 'GET', `/intents/${id}/status`)).json.status, 'success')
    await expectOneVerifiedSuccess(second.url, id)
  })
})
