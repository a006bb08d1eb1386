// A small keep-alive HTTP client over node:http for the load generators: cheaper per request
// than fetch, so the client side takes less of the CPU the measured service shares.
import { Agent, request } from 'node:http'
import { parseJsonBigint } from '@verity/core'

export type HttpReply = { status: number; text: string }

export type HttpClient = {
  request(method: string, path: string, body?: string, contentType?: string): Promise<HttpReply>
  /** POSTs `body` (a JSON string; none when undefined) and returns the parsed reply; throws on a non-2xx status. */
  postJson<T = unknown>(path: string, body?: string): Promise<T>
  getJson<T = unknown>(path: string): Promise<T>
  close(): void
}

/** A client of `baseUrl` holding at most `connections` keep-alive sockets. */
export function createHttpClient(baseUrl: string, connections = 16): HttpClient {
  const url = new URL(baseUrl)
  const agent = new Agent({ keepAlive: true, maxSockets: connections })
  const send = (method: string, path: string, body?: string, contentType = 'application/json') =>
    new Promise<HttpReply>((resolve, reject) => {
      const headers: Record<string, string | number> = {}
      if (body !== undefined) {
        headers['content-type'] = contentType
        headers['content-length'] = Buffer.byteLength(body)
      }
      const outgoing = request({ host: url.hostname, port: url.port, path, method, agent, headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }))
        response.on('error', reject)
      })
      outgoing.on('error', reject)
      outgoing.end(body)
    })
  const parsed = async <T>(reply: HttpReply, what: string): Promise<T> => {
    if (reply.status < 200 || reply.status >= 300) throw new Error(`${what} answered ${reply.status}: ${reply.text.slice(0, 300)}`)
    return (reply.text === '' ? undefined : parseJsonBigint(reply.text)) as T
  }
  return {
    request: send,
    postJson: async (path, body) => parsed(await send('POST', path, body), `POST ${path}`),
    getJson: async (path) => parsed(await send('GET', path), `GET ${path}`),
    close: () => agent.destroy(),
  }
}
