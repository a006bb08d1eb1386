// Sends pre-made JSON bodies with autocannon and times the run from its start to the last
// response. autocannon's own `duration` is useless for a fixed `amount` of requests: it notices the
// end only at its next sample tick (every `sampleInt`, 1 s), so a run of 1.1 s counted as 2 s.
import autocannon, { type Result } from 'autocannon'

export type TimedRun = { result: Result; activeMs: number; clientCpuUs: number }

/** POSTs each of `bodies` once (in order, over `connections`) to `url`. */
export async function sendJsonBodies(url: string, bodies: readonly string[], connections: number): Promise<TimedRun> {
  let next = 0
  const startedAt = performance.now()
  let lastResponseAt = startedAt
  const clientCpuBefore = process.cpuUsage()
  const instance = autocannon({
    url,
    connections,
    amount: bodies.length,
    requests: [{ method: 'POST', headers: { 'content-type': 'application/json' }, setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] }) }],
  })
  instance.on('response', () => {
    lastResponseAt = performance.now()
  })
  const result = await instance
  const clientCpu = process.cpuUsage(clientCpuBefore)
  return { result, activeMs: lastResponseAt - startedAt, clientCpuUs: clientCpu.user + clientCpu.system }
}
