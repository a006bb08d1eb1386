import type { IncomingMessage, ServerResponse } from 'node:http'
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'

type Session = { transport: StreamableHTTPServerTransport; server: McpServer; lastSeenMs: number }

/** A live session's request handler (it marks the session as seen). */
export type SessionHandle = { handleRequest(request: IncomingMessage, response: ServerResponse, body: unknown): Promise<void> }

/**
 * The MCP sessions of `verity mcp --http`, bounded: past `sessionsMax` the least recently seen is
 * closed, and a sweep closes sessions idle for `idleMs`.
 */
export class SessionTable {
  readonly #sessions = new Map<string, Session>()
  readonly #sweep: NodeJS.Timeout

  constructor(private readonly sessionsMax: number, private readonly idleMs: number, private readonly log: (error: unknown) => void) {
    this.#sweep = setInterval(() => this.#closeIdle(), Math.min(idleMs, 60_000))
    this.#sweep.unref()
  }

  get size(): number {
    return this.#sessions.size
  }

  add(id: string, transport: StreamableHTTPServerTransport, server: McpServer): void {
    if (this.#sessions.size >= this.sessionsMax) {
      const [idlest] = [...this.#sessions.entries()].sort(([, a], [, b]) => a.lastSeenMs - b.lastSeenMs)
      if (idlest !== undefined) this.#close(idlest[0])
    }
    this.#sessions.set(id, { transport, server, lastSeenMs: Date.now() })
  }

  get(id: string): SessionHandle | undefined {
    const session = this.#sessions.get(id)
    if (session === undefined) return undefined
    session.lastSeenMs = Date.now()
    return { handleRequest: (request, response, body) => session.transport.handleRequest(request, response, body) }
  }

  /** Forgets a session its transport closed (DELETE from the client), and closes its server. */
  remove(id: string): void {
    this.#close(id)
  }

  async closeAll(): Promise<void> {
    clearInterval(this.#sweep)
    const all = [...this.#sessions.values()]
    this.#sessions.clear()
    await Promise.all(all.map((session) => session.server.close().catch(this.log)))
  }

  #close(id: string): void {
    const session = this.#sessions.get(id)
    this.#sessions.delete(id)
    if (session !== undefined) void session.server.close().catch(this.log)
  }

  #closeIdle(): void {
    const cutoffMs = Date.now() - this.idleMs
    for (const [id, session] of this.#sessions) if (session.lastSeenMs < cutoffMs) this.#close(id)
  }
}
