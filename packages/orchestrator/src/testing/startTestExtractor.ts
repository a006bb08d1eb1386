import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the test extractor does for one solution. */
export type ExtractorBehaviour =
  | { kind: 'evidence'; evidence: Record<string, unknown> }
  | { kind: 'status'; status: number; body: string }
  | { kind: 'raw'; body: string }
  | { kind: 'slow'; delayMs: number; evidence: Record<string, unknown> }
  | { kind: 'huge'; bytes: number }
  /** Answers `status` to the first `failures` requests, then `evidence`. */
  | { kind: 'flaky'; failures: number; status: number; evidence: Record<string, unknown> }

export type TestExtractor = {
  url: string
  /** Requests received, parsed. */
  requests: Record<string, unknown>[]
  set(solution: string, behaviour: ExtractorBehaviour): void
  close(): Promise<void>
}

/**
 * A stand-in for an operator's evidence extractor (outside the project), on loopback: answers
 * `POST /extract` per solution as configured. Unknown solutions get 404.
 */
export async function startTestExtractor(): Promise<TestExtractor> {
  const behaviours = new Map<string, ExtractorBehaviour>()
  const requests: Record<string, unknown>[] = []
  const server: Server = createServer((request, response) => void answer(request, response))
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    if (request.method !== 'POST' || request.url !== '/extract') {
      response.writeHead(404).end('not found')
      return
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
    requests.push(body)
    const behaviour = behaviours.get(String(body.solution))
    if (behaviour === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end(`unknown solution ${String(body.solution)}`)
      return
    }
    switch (behaviour.kind) {
      case 'flaky': {
        const seen = requests.filter((candidate) => candidate.solution === body.solution).length
        if (seen <= behaviour.failures) response.writeHead(behaviour.status, { 'content-type': 'text/plain' }).end('restarting')
        else response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ evidence: behaviour.evidence }))
        return
      }
      case 'evidence':
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ evidence: behaviour.evidence }))
        return
      case 'status':
        response.writeHead(behaviour.status, { 'content-type': 'text/plain' }).end(behaviour.body)
        return
      case 'raw':
        response.writeHead(200, { 'content-type': 'application/json' }).end(behaviour.body)
        return
      case 'slow': {
        const timer = setTimeout(() => {
          if (!response.destroyed)
            response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ evidence: behaviour.evidence }))
        }, behaviour.delayMs)
        response.on('close', () => clearTimeout(timer))
        return
      }
      case 'huge':
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(`{"evidence":{"x":"${'a'.repeat(behaviour.bytes)}"}}`)
        return
    }
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    set: (solution, behaviour) => void behaviours.set(solution, behaviour),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
