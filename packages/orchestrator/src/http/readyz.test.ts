// GET /readyz (issue 27): not ready while the prover warms up at start, ready once every policy
// tier is warm in every worker, so that the first proposal proves at steady-state speed.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { VERITY_VERSION } from '@verity/core'
import { startOrchestrator } from '../startOrchestrator.ts'
import { createPolicyProving } from '../jobs/createPolicyProving.ts'

const getReadyz = async (url: string) => {
  const response = await fetch(`${url}/readyz`)
  return { status: response.status, body: (await response.json()) as { ready: boolean; reason?: string } }
}

test('GET /readyz answers 503 while the prover warms up, then 200', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'verity-readyz-'))
  const orchestrator = await startOrchestrator({ port: 0, host: '127.0.0.1', dataDir, proverThreads: 1, proverWorkers: 1, embeddedExtractor: null, logLevel: 'silent' })
  try {
    // Warming proves every tier once: it is not over right after listen.
    const warming = await getReadyz(orchestrator.url)
    assert.equal(warming.status, 503)
    assert.equal(warming.body.ready, false)
    assert.equal((warming.body as { version?: string }).version, VERITY_VERSION)
    assert.match(warming.body.reason ?? '', /warming up/)
    await orchestrator.proverWarm
    assert.deepEqual(await getReadyz(orchestrator.url), { status: 200, body: { ready: true, version: VERITY_VERSION } })
  } finally {
    await orchestrator.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
})

test('with a prover of its own, the caller warms it: GET /readyz answers 200 at once', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'verity-readyz-'))
  const proving = createPolicyProving({ threads: 1, workers: 1 })
  const orchestrator = await startOrchestrator({ port: 0, host: '127.0.0.1', dataDir, proving, embeddedExtractor: null, logLevel: 'silent' })
  try {
    assert.deepEqual(await getReadyz(orchestrator.url), { status: 200, body: { ready: true, version: VERITY_VERSION } })
  } finally {
    await orchestrator.close()
    await proving.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
})
