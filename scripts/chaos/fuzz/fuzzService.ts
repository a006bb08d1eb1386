// Sends a service the requests fast-check draws for each of its operations (well-formed and
// hostile, `runs` of each, from `seed`), and records what a user must never see: a 5xx, no
// complete reply within the time-out, a dropped connection.
import fc from 'fast-check'
import { HttpConnectionError, HttpTimeoutError, sendHttp } from '../lib/sendHttp.ts'
import { arbitraryHostileRequest, arbitraryRequest, ODD_METHODS, type FuzzRequest } from './arbitraryRequest.ts'
import { listOperations, type OpenApiDocument } from './openApiOperations.ts'

export type FuzzFinding = { service: string; operation: string; request: string; problem: string }

export type FuzzTally = {
  requests: number
  byStatusClass: Record<string, number>
  /** 4xx replies whose body is not JSON with a `message` (a user gets no reason). */
  unexplained4xx: string[]
  /** Requests not sent because their body named a non-loopback URL (the service might fetch it). */
  skippedOutbound: number
  findings: FuzzFinding[]
}

/** Examples of unexplained 4xx kept, at most. */
const UNEXPLAINED_EXAMPLES_MAX = 20
/** A URL to anywhere but loopback: such bodies are never sent (extractors fetch storefront URLs). */
const OUTBOUND_URL = /(https?|ftp|wss?):\/\/(?!127\.|\[::1\])/i

export function createFuzzTally(): FuzzTally {
  return { requests: 0, byStatusClass: {}, unexplained4xx: [], skippedOutbound: 0, findings: [] }
}

export async function fuzzService(parameters: {
  service: string
  baseUrl: string
  document: OpenApiDocument
  authHeaders: Record<string, string>
  seed: number
  runs: number
  hostileRuns: number
  timeoutMs: number
  tally: FuzzTally
  checkDeadline: () => void
}): Promise<void> {
  const { document, authHeaders, seed } = parameters
  const components = document.components?.schemas ?? {}
  for (const [index, operation] of listOperations(document).entries()) {
    const name = `${operation.method} ${operation.pathTemplate}`
    const wellFormed = fc.sample(arbitraryRequest(operation, components, authHeaders), { seed: seed + index, numRuns: Math.max(1, parameters.runs) })
    // Every method on every route once, whatever the draw (HEAD and OPTIONS included).
    const methodSweep = ODD_METHODS.map((method) => ({ ...wellFormed[0]!, method, broken: [`method ${method}`] }))
    const requests = [
      ...wellFormed,
      ...methodSweep,
      ...fc.sample(arbitraryHostileRequest(operation, components, authHeaders), { seed: seed + 10_000 + index, numRuns: parameters.hostileRuns }),
    ]
    for (const request of requests) {
      parameters.checkDeadline()
      await sendOne(parameters, name, request)
    }
  }
}

async function sendOne(parameters: { service: string; baseUrl: string; timeoutMs: number; tally: FuzzTally }, operation: string, request: FuzzRequest): Promise<void> {
  const { tally } = parameters
  if (request.body !== undefined && OUTBOUND_URL.test(request.body)) {
    tally.skippedOutbound += 1
    return
  }
  const describe = `${request.method} ${request.path.slice(0, 200)} [${request.broken.join('; ') || 'well-formed'}] body ${JSON.stringify((request.body ?? '').slice(0, 200))}`
  const finding = (problem: string) => tally.findings.push({ service: parameters.service, operation, request: describe, problem })
  tally.requests += 1
  try {
    const reply = await sendHttp({ method: request.method, url: `${parameters.baseUrl}${request.path}`, headers: request.headers, ...(request.body === undefined ? {} : { body: request.body }), timeoutMs: parameters.timeoutMs })
    const statusClass = `${Math.floor(reply.status / 100)}xx`
    tally.byStatusClass[statusClass] = (tally.byStatusClass[statusClass] ?? 0) + 1
    if (reply.status >= 500) finding(`answered ${reply.status}: ${reply.text.slice(0, 300)}`)
    const explained = request.method === 'HEAD' || typeof reply.json?.message === 'string' || typeof reply.json?.error?.message === 'string'
    if (reply.status >= 400 && reply.status < 500 && !explained && tally.unexplained4xx.length < UNEXPLAINED_EXAMPLES_MAX)
      tally.unexplained4xx.push(`${parameters.service} ${describe.slice(0, 160)} → ${reply.status} ${reply.text.slice(0, 120)}`)
  } catch (error) {
    if (error instanceof HttpTimeoutError) finding(`no complete reply within ${parameters.timeoutMs} ms (hang)`)
    // A server may refuse an oversized body by answering early and closing: the client then
    // sees the connection drop while it is still writing. That is a refusal, not a failure.
    else if (error instanceof HttpConnectionError && !request.broken.some((broken) => broken.startsWith('huge'))) finding(`connection dropped: ${error.reason}`)
    else if (!(error instanceof HttpConnectionError)) throw error
  }
}
