// Test harness (used by *.test.ts only): a real domain (SQLite in a temp dir, real HTTP on
// 127.0.0.1:0, an embedded base layer unless one is given) and a small JSON client.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { formatAddress, parseJsonBigint, stringifyJsonBigint, type Signer } from '@verity/core'
import type { BaseLayerClient } from '@verity/base-layer'
import type { DomainConfig } from '../config/DomainConfig.ts'
import { startDomain, type RunningDomain } from '../startup/startDomain.ts'

export type TestResponse = { status: number; body: any }

export type TestDomain = RunningDomain & {
  dir: string
  shard: number
  /** the address of `signer`'s vault on this shard */
  addressOf(signer: Signer): string
  get(path: string): Promise<TestResponse>
  post(path: string, body?: unknown, contentType?: string): Promise<TestResponse>
  /** closes the domain; keeps the directory (for restarts) */
  stop(): Promise<void>
  /** closes the domain and removes the directory */
  cleanup(): Promise<void>
}

export type TestDomainOptions = {
  shard?: number
  guardrails?: { name: string; source: string; intent?: Record<string, unknown> }[]
  baseLayer?: BaseLayerClient
  /** reuse a directory (a restart) */
  dir?: string
}

export async function request(url: string, method: string, body?: unknown, contentType = 'application/json'): Promise<TestResponse> {
  const init: RequestInit = { method }
  if (body !== undefined) {
    init.body = body instanceof Uint8Array ? body : typeof body === 'string' ? body : stringifyJsonBigint(body)
    init.headers = { 'content-type': contentType }
  }
  const response = await fetch(url, init)
  const text = await response.text()
  return { status: response.status, body: text === '' ? undefined : parseJsonBigint(text) }
}

export async function startTestDomain(options: TestDomainOptions = {}): Promise<TestDomain> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'verity-domain-'))
  const shard = options.shard ?? 1
  const guardrails = (options.guardrails ?? []).map((g) => {
    const templateFile = join(dir, `${g.name}.template`)
    writeFileSync(templateFile, g.source)
    return { name: g.name, templateFile, intent: g.intent ?? {} }
  })
  const config: DomainConfig = {
    shard,
    keypairPath: join(dir, 'operator_key.json'),
    apiPort: 0,
    apiHost: '127.0.0.1',
    dataDir: join(dir, 'data'),
    guardrails,
    prover: {},
    creditsPullIntervalMs: 0,
  }
  const running = await startDomain({ config, logLevel: 'silent', ...(options.baseLayer ? { baseLayer: options.baseLayer } : {}) })
  let closed = false
  const stop = async () => {
    if (closed) return
    closed = true
    await running.close()
  }
  return {
    ...running,
    dir,
    shard,
    addressOf: (signer) => formatAddress(signer.ownerId, shard),
    get: (path) => request(running.url + path, 'GET'),
    post: (path, body, contentType) => request(running.url + path, 'POST', body, contentType),
    stop,
    cleanup: async () => {
      await stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
