// Raw limit: requests per second of an empty fastify JSON route (server in a child process,
// autocannon here, loopback), with the same connection count as the POST /intents run.
import autocannon from 'autocannon'
import { startChild } from './lib/startChild.ts'
import type { BenchSettings } from './lib/benchSettings.ts'

export type RawHttpResult = { requestsPerSecond: number; latencyP50Ms: number; latencyP99Ms: number; errors: number }

export async function measureRawHttp(settings: BenchSettings): Promise<RawHttpResult> {
  const server = startChild('services/emptyRouteService.ts')
  try {
    const { url } = await server.receive<{ type: string; url: string }>('ready', 60_000)
    await autocannon({ url, connections: settings.httpConnections, duration: 1 }) // warm-up
    const result = await autocannon({ url, connections: settings.httpConnections, duration: settings.emptyRouteSeconds })
    return {
      requestsPerSecond: result['2xx'] / result.duration,
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      errors: result.errors + result.non2xx,
    }
  } finally {
    await server.stop()
  }
}
