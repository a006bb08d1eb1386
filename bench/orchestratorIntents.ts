// Orchestrator: POST /intents per second and its latency (Ed25519, shape B, bodies signed before
// the timed run), autocannon against an orchestrator in a child process.
//
// How the rate is timed: the 2xx count over the time from starting autocannon to the last response
// (lib/sendJsonBodies.ts says why not autocannon's own duration). The run is preceded by an untimed
// warm-up (INTENTS_WARM_UP_REQUESTS, fresh intents) so the JIT, the key caches and the threads of
// the orchestrator are warm, as for the empty route it is compared with.
import { Ed25519Signer } from '@verity/core'
import { signedIntentBody } from './lib/benchTemplates.ts'
import type { BenchSettings } from './lib/benchSettings.ts'
import { withProcessCpu } from './lib/processStats.ts'
import { sendJsonBodies } from './lib/sendJsonBodies.ts'

/** Untimed requests sent before the timed run (distinct intents; they stay in the store). */
export const INTENTS_WARM_UP_REQUESTS = 2_000
/** Keys signing the intents (the orchestrator and its verifier workers cache parsed keys). */
const SIGNERS = 64

export type IntentsResult = {
  requestsPerSecond: number
  latencyP50Ms: number
  latencyP99Ms: number
  requests: number
  non2xx: number
  errors: number
  /** Concurrent connections of the load (the closed loop's rate is connections ÷ latency). */
  connections: number
  /** The orchestrator process's CPU time (all threads) per request during the run, when its pid is known. */
  serverCpuUsPerRequest?: number
  /** The orchestrator's CPU time over the run's wall time, in cores (< the machine's: it did not saturate). */
  serverCores?: number
  /** The load generator's (this process's) CPU time per request. */
  clientCpuUsPerRequest?: number
}

/** Warms the orchestrator up with `warmUpRequests` intents, then times `settings.intents` of them. */
export async function measureIntents(settings: BenchSettings, orchestratorUrl: string, templateId: string, serverPid?: number, warmUpRequests = INTENTS_WARM_UP_REQUESTS): Promise<IntentsResult> {
  const signers = Array.from({ length: SIGNERS }, () => Ed25519Signer.generate())
  const sign = (count: number) => Array.from({ length: count }, (_, index) => signedIntentBody(signers[index % signers.length]!, templateId).body)
  const url = `${orchestratorUrl}/intents`
  if (warmUpRequests > 0) await sendJsonBodies(url, sign(warmUpRequests), settings.httpConnections)
  const bodies = sign(settings.intents)
  const { result: run, cpuMs } = await withProcessCpu(serverPid, () => sendJsonBodies(url, bodies, settings.httpConnections))
  const { result, activeMs, clientCpuUs } = run
  const requests = result.requests.total
  return {
    requestsPerSecond: (result['2xx'] * 1_000) / activeMs,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests,
    non2xx: result.non2xx,
    errors: result.errors,
    connections: settings.httpConnections,
    clientCpuUsPerRequest: clientCpuUs / requests,
    ...(cpuMs === undefined ? {} : { serverCpuUsPerRequest: (cpuMs * 1_000) / requests, serverCores: cpuMs / activeMs }),
  }
}
