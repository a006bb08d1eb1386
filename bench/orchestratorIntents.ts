// Orchestrator: POST /intents per second and its latency (Ed25519, shape B, bodies signed before
// the timed run), autocannon against an orchestrator in a child process.
import autocannon from 'autocannon'
import { Ed25519Signer } from '@verity/core'
import { signedIntentBody } from './lib/benchTemplates.ts'
import type { BenchSettings } from './lib/benchSettings.ts'
import { withProcessCpu } from './lib/processStats.ts'

export type IntentsResult = {
  requestsPerSecond: number
  latencyP50Ms: number
  latencyP99Ms: number
  requests: number
  non2xx: number
  errors: number
  /** The orchestrator process's CPU time (all threads) per request during the run, when its pid is known. */
  serverCpuUsPerRequest?: number
}

export async function measureIntents(settings: BenchSettings, orchestratorUrl: string, templateId: string, serverPid?: number): Promise<IntentsResult> {
  const signers = Array.from({ length: 64 }, () => Ed25519Signer.generate())
  const bodies = Array.from({ length: settings.intents }, (_, index) => signedIntentBody(signers[index % signers.length]!, templateId).body)
  let next = 0
  const { result, cpuMs } = await withProcessCpu(serverPid, () => autocannon({
    url: `${orchestratorUrl}/intents`,
    connections: settings.httpConnections,
    amount: bodies.length,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }),
      },
    ],
  }))
  return {
    requestsPerSecond: result['2xx'] / result.duration,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    ...(cpuMs === undefined ? {} : { serverCpuUsPerRequest: (cpuMs * 1_000) / result.requests.total }),
  }
}
