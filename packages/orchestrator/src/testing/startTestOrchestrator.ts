import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildOrchestratorApp, type OrchestratorAppSettings } from '../http/buildOrchestratorApp.ts'
import { createPolicyProving } from '../jobs/createPolicyProving.ts'
import type { PolicyProving } from '../jobs/PolicyProving.ts'
import { SqliteOrchestratorStore } from '../store/SqliteOrchestratorStore.ts'

export type TestOrchestrator = {
  app: FastifyInstance
  url: string
  dataDir: string
  request(method: string, path: string, body?: unknown, contentType?: string): Promise<{ status: number; text: string; json: any }>
  close(): Promise<void>
}

/** An orchestrator on 127.0.0.1:0 with a real SQLite store in a temp dir and the real prover (its workers start on the first proof). */
export async function startTestOrchestrator(options: {
  proving?: PolicyProving
  settings?: Partial<OrchestratorAppSettings>
  nowMs?: () => number
  dataDir?: string
  /** A fastify logger (e.g. pino options with a stream) instead of the level from VERITY_LOG_LEVEL. */
  logger?: Parameters<typeof buildOrchestratorApp>[0]['logger']
}): Promise<TestOrchestrator> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'verity-orchestrator-'))
  const store = new SqliteOrchestratorStore(dataDir)
  const proving = options.proving ?? createPolicyProving({ threads: 1 })
  const app = await buildOrchestratorApp({
    store,
    proving,
    settings: { logLevel: process.env.VERITY_LOG_LEVEL ?? 'silent', ...options.settings },
    nowMs: options.nowMs,
    embeddedExtractor: null,
    ...(options.logger === undefined ? {} : { logger: options.logger }),
  })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address() as { port: number }
  const url = `http://127.0.0.1:${address.port}`
  return {
    app,
    url,
    dataDir,
    async request(method, path, body, contentType) {
      const init: RequestInit = { method }
      if (body !== undefined) {
        init.body = typeof body === 'string' ? body : JSON.stringify(body)
        init.headers = { 'content-type': contentType ?? (typeof body === 'string' ? 'text/plain' : 'application/json') }
      }
      const response = await fetch(`${url}${path}`, init)
      const text = await response.text()
      let json: unknown
      try {
        json = text === '' ? undefined : JSON.parse(text)
      } catch {
        json = undefined
      }
      return { status: response.status, text, json }
    },
    async close() {
      await app.close()
      await store.close()
      if (options.proving === undefined) await proving.close()
      if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
