// Orchestrator scale-out on PostgreSQL (issue 11): POST /intents per second with 1 and with 2
// instances sharing one database. Each instance runs in its own child process; the same number
// of pre-signed intents is spread evenly over the instances and sent by one autocannon per
// instance at the same time. A fresh database is made for each instance count and dropped after.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Ed25519Signer } from '@verity/core'
import { createTestDatabase } from '@verity/postgres'
import { CLOTHING_TEMPLATE, signedIntentBody } from './lib/benchTemplates.ts'
import type { BenchSettings } from './lib/benchSettings.ts'
import { createHttpClient } from './lib/httpClient.ts'
import { requirePostgres } from './lib/prerequisites.ts'
import { sendJsonBodies } from './lib/sendJsonBodies.ts'
import { startChild } from './lib/startChild.ts'

/** The instance counts measured. */
export const POSTGRES_INSTANCE_COUNTS = [1, 2] as const

export type PostgresInstancesResult = { instances: number; requestsPerSecond: number; latencyP99Ms: number; requests: number; non2xx: number; errors: number }
export type PostgresScaleOutResult = { runs: PostgresInstancesResult[] }

export async function measurePostgresScaleOut(settings: BenchSettings): Promise<PostgresScaleOutResult> {
  // Checked before anything starts: without PostgreSQL the part is skipped, with the install hint.
  await requirePostgres()
  const runs: PostgresInstancesResult[] = []
  for (const instances of POSTGRES_INSTANCE_COUNTS) runs.push(await measureInstances(settings, instances))
  return { runs }
}

async function measureInstances(settings: BenchSettings, instanceCount: number): Promise<PostgresInstancesResult> {
  const database = await createTestDatabase()
  const dirs: string[] = []
  const children = []
  try {
    for (let i = 0; i < instanceCount; i++) {
      const dataDir = mkdtempSync(join(tmpdir(), 'verity-bench-pg-'))
      dirs.push(dataDir)
      children.push(startChild('services/orchestratorService.ts', [JSON.stringify({ dataDir, databaseUrl: database.url })]))
    }
    const urls: string[] = []
    for (const child of children) urls.push((await child.receive<{ type: string; url: string }>('ready', 120_000)).url)
    const client = createHttpClient(urls[0]!, 1)
    const reply = await client.request('POST', '/templates', CLOTHING_TEMPLATE, 'text/plain')
    client.close()
    if (reply.status !== 200) throw new Error(`POST /templates answered ${reply.status}: ${reply.text}`)
    const templateId = (JSON.parse(reply.text) as { template_id: string }).template_id
    const signers = Array.from({ length: 64 }, () => Ed25519Signer.generate())
    const perInstance = Math.floor(settings.intents / instanceCount)
    const runs = await Promise.all(
      urls.map((url, instance) => {
        const bodies = Array.from({ length: perInstance }, (_, i) => signedIntentBody(signers[(instance * perInstance + i) % signers.length]!, templateId).body)
        return sendJsonBodies(`${url}/intents`, bodies, Math.max(1, Math.floor(settings.httpConnections / instanceCount)))
      }),
    )
    // From the start to the last response of the slower instance (autocannon's duration rounds up to its 1 s tick).
    const activeS = Math.max(...runs.map((run) => run.activeMs)) / 1_000
    const results = runs.map((run) => run.result)
    return {
      instances: instanceCount,
      requestsPerSecond: results.reduce((sum, run) => sum + run['2xx'], 0) / activeS,
      latencyP99Ms: Math.max(...results.map((run) => run.latency.p99)),
      requests: results.reduce((sum, run) => sum + run.requests.total, 0),
      non2xx: results.reduce((sum, run) => sum + run.non2xx, 0),
      errors: results.reduce((sum, run) => sum + run.errors, 0),
    }
  } finally {
    for (const child of children) await child.stop()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
    await database.drop()
  }
}
