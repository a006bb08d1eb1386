import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js'
import { isLoopbackHost } from '@verity/server'
import { createToolDependencies } from '../createToolDependencies.ts'
import { createVerityMcpServer } from '../createVerityMcpServer.ts'
import { OriginRefusedError, RemoteBindRefusedError } from '../errors/mcpErrors.ts'
import { HTTP_BODY_BYTES_MAX, HTTP_MCP_PATH, HTTP_SESSION_IDLE_MS, HTTP_SESSIONS_MAX } from '../limits.ts'
import type { VerityMcpOptions } from '../VerityMcpOptions.ts'
import { createOriginPolicy, parseAllowedOrigins, type OriginPolicy } from './originPolicy.ts'
import { readJsonBody } from './readJsonBody.ts'
import { SessionTable } from './SessionTable.ts'

export type ServeHttpOptions = VerityMcpOptions & {
  port: number
  /** Listen address (default 127.0.0.1). Anything but loopback needs `allowRemote`. */
  host?: string
  allowRemote?: boolean
  /** Browser origins allowed besides the server's own (`--allowed-origins`), e.g. `https://app.example`. */
  allowedOrigins?: readonly string[]
  sessionsMax?: number
  sessionIdleMs?: number
}

export type RunningMcpHttp = {
  url: string
  server: Server
  /** The origins a browser request may carry (the server's own and the listed ones); a request without Origin is served too. */
  allowedOrigins: readonly string[]
  close(): Promise<void>
}

/**
 * Serves MCP over Streamable HTTP at `http://host:port/mcp`: one MCP session (and server) per
 * client, at most `sessionsMax` (the idlest is closed past that), each closed after
 * `sessionIdleMs` without a request. Host headers are checked against the listen address (DNS
 * rebinding), and a non-loopback listen address is refused unless `allowRemote`. A request
 * whose Origin header is neither the server's own nor listed in `allowedOrigins` is refused with
 * 403 before its body is read (originPolicy.ts).
 */
export async function serveHttp(options: ServeHttpOptions, log: (error: unknown) => void = () => undefined): Promise<RunningMcpHttp> {
  const host = options.host ?? '127.0.0.1'
  if (!isLoopbackHost(host) && options.allowRemote !== true) throw new RemoteBindRefusedError({ host })
  const listedOrigins = parseAllowedOrigins(options.allowedOrigins ?? [])
  const { deps, close: closeDeps } = createToolDependencies(options)
  const sessions = new SessionTable(options.sessionsMax ?? HTTP_SESSIONS_MAX, options.sessionIdleMs ?? HTTP_SESSION_IDLE_MS, log)
  let allowedHosts: string[] | undefined
  let origins: OriginPolicy | undefined
  const http = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      log(error)
      if (!response.headersSent) sendJsonRpcError(response, 500, -32603, 'internal error')
    })
  })
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const origin = request.headers.origin
    if (!origins!.isAllowed(origin)) {
      const refused = new OriginRefusedError({ origin: origin! })
      return sendJsonRpcError(response, 403, -32000, refused.message, { code: refused.code })
    }
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== HTTP_MCP_PATH) return sendJsonRpcError(response, 404, -32601, `MCP is served at ${HTTP_MCP_PATH}`)
    const sessionId = request.headers['mcp-session-id']
    const body = request.method === 'POST' ? await readJsonBody(request, HTTP_BODY_BYTES_MAX) : undefined
    if (body !== undefined && 'error' in body) return sendJsonRpcError(response, body.status, -32700, body.error)
    const existing = typeof sessionId === 'string' ? sessions.get(sessionId) : undefined
    if (existing !== undefined) return existing.handleRequest(request, response, body?.value)
    if (typeof sessionId === 'string') return sendJsonRpcError(response, 404, -32001, 'unknown or expired MCP session: initialize a new one')
    if (request.method !== 'POST' || !isInitializeRequest(body?.value))
      return sendJsonRpcError(response, 400, -32000, 'no MCP session: send an initialize request first (without mcp-session-id)')
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => sessions.add(id, transport, server),
      onsessionclosed: (id) => sessions.remove(id),
      ...(allowedHosts === undefined ? {} : { enableDnsRebindingProtection: true, allowedHosts }),
    })
    const server = createVerityMcpServer(deps, log)
    await server.connect(transport)
    await transport.handleRequest(request, response, body?.value)
  }
  await new Promise<void>((resolve, reject) => http.once('error', reject).listen(options.port, host, resolve))
  const { port } = http.address() as AddressInfo
  const hostForUrl = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
  origins = createOriginPolicy(host, port, listedOrigins)
  if (isLoopbackHost(host)) allowedHosts = [`${hostForUrl}:${port}`, `localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]
  return {
    url: `http://${hostForUrl}:${port}${HTTP_MCP_PATH}`,
    server: http,
    allowedOrigins: origins.allowed,
    close: async () => {
      await sessions.closeAll()
      await new Promise<void>((resolve) => http.close(() => resolve()))
      http.closeAllConnections()
      await closeDeps()
    },
  }
}

function sendJsonRpcError(response: ServerResponse, status: number, code: number, message: string, data?: { code: string }): void {
  const error = data === undefined ? { code, message } : { code, message, data }
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', error, id: null }))
}
