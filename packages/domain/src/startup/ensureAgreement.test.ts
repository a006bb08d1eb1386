import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Ed25519Signer } from '@verity/core'
import { BaseLayerNode, HttpBaseLayerClient, InProcessBaseLayerClient, ProverSdlVerifier, SqliteBaseLayerStore } from '@verity/base-layer'
import { ensureAgreement } from './ensureAgreement.ts'

function logRecorder() {
  const lines: { o: any; m: string }[] = []
  return { lines, info: (o: object, m: string) => lines.push({ o, m }), warn: (o: object, m: string) => lines.push({ o, m }) }
}

async function withNode(funded: Ed25519Signer[], run: (client: InProcessBaseLayerClient) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'verity-agreement-'))
  const node = new BaseLayerNode({
    store: new SqliteBaseLayerStore(join(dir, 'base.sqlite')),
    verifier: new ProverSdlVerifier(),
    genesis: { accounts: funded.map((s) => ({ ownerId: s.ownerId, balance: 1_000n })), agreementActivationDelayMs: 300 },
  })
  try {
    await run(new InProcessBaseLayerClient(node))
  } finally {
    await node.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('ensureAgreement', () => {
  test('submits an agreement when none exists and waits until it is active; then finds it', async () => {
    const operator = Ed25519Signer.generate()
    await withNode([operator], async (baseLayer) => {
      const log = logRecorder()
      const agreement = await ensureAgreement({ baseLayer, operator, shard: 4, guardrailProgramIds: [], log })
      assert.equal(agreement.status, 'active')
      assert.ok(log.lines.some((l) => /submitting one/.test(l.m)))
      assert.ok(log.lines.some((l) => /waiting/.test(l.m)))
      const again = logRecorder()
      assert.equal((await ensureAgreement({ baseLayer, operator, shard: 4, guardrailProgramIds: [], log: again })).status, 'active')
      assert.ok(!again.lines.some((l) => /submitting/.test(l.m)))
    })
  })

  test('an unfunded operator key and a shard taken by another operator are clear errors', async () => {
    const operator = Ed25519Signer.generate()
    const other = Ed25519Signer.generate()
    await withNode([operator], async (baseLayer) => {
      await assert.rejects(ensureAgreement({ baseLayer, operator: other, shard: 4, guardrailProgramIds: [], log: logRecorder() }), (error: any) => {
        assert.equal(error.code, 'DOMAIN_AGREEMENT')
        assert.match(error.message, /pre-funded|funded/)
        return true
      })
      await ensureAgreement({ baseLayer, operator, shard: 4, guardrailProgramIds: [], log: logRecorder() })
      await assert.rejects(ensureAgreement({ baseLayer, operator: other, shard: 4, guardrailProgramIds: [], log: logRecorder() }), /taken by another operator/)
    })
  })

  test('an unreachable base layer is retried with growing delays and a log line each time', async () => {
    const log = logRecorder()
    const controller = new AbortController()
    const baseLayer = new HttpBaseLayerClient('http://127.0.0.1:1', { timeoutMs: 500 })
    const attempt = ensureAgreement({ baseLayer, operator: Ed25519Signer.generate(), shard: 4, guardrailProgramIds: [], log, signal: controller.signal, retryDelayMsMin: 10 })
    while (log.lines.length < 4) await new Promise((resolve) => setTimeout(resolve, 10))
    controller.abort()
    await assert.rejects(attempt, /abort/i)
    const delays = log.lines.map((l) => l.o.retryInMs)
    assert.deepEqual(delays.slice(0, 4), [10, 20, 40, 80])
    assert.ok(log.lines.every((l) => /base layer unreachable, retrying/.test(l.m)))
  })
})
