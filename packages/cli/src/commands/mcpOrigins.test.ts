import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { commands } from './index.ts'
import { runCli } from '../runCli.ts'
import { ALLOWED_ORIGINS_ENV, readAllowedOrigins } from './mcp.ts'

// `verity mcp --http --allowed-origins LIST` (else VERITY_MCP_ALLOWED_ORIGINS): the browser
// origins served besides the server's own. The server runs in this process on 127.0.0.1; the
// origins are header values only, never connected to.

const NOWHERE = ['--orchestrator', 'http://127.0.0.1:1', '--domain', 'http://127.0.0.1:1']
const INITIALIZE = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'cli-origin-test', version: '1.0.0' } } })

/** Runs `verity mcp --http --port 0 ...args --json`, sends one initialize per origin, stops it; the statuses by origin. */
async function statusesByOrigin(args: readonly string[], origins: readonly string[]): Promise<{ code: number; stderr: string; statuses: number[] }> {
  const abort = new AbortController()
  let stderr = ''
  let announce: (url: string) => void = () => undefined
  const announced = new Promise<string>((resolve) => (announce = resolve))
  const running = runCli(commands, ['mcp', '--http', '--port', '0', ...NOWHERE, ...args, '--json'], abort.signal, {
    stdout: { write: (text: string) => announce((JSON.parse(text) as { url: string }).url) },
    stderr: { write: (text: string) => (stderr += text) },
  })
  const url = await Promise.race([announced, running.then(() => undefined)])
  const statuses: number[] = []
  try {
    for (const origin of url === undefined ? [] : origins) {
      const response = await fetch(url!, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', origin }, body: INITIALIZE })
      statuses.push(response.status)
      await response.body?.cancel()
    }
  } finally {
    abort.abort()
  }
  return { code: await running, stderr, statuses }
}

describe('verity mcp --allowed-origins', { timeout: 60_000 }, () => {
  test('the flag, else the environment variable; comma-separated, blanks dropped', () => {
    assert.deepEqual(readAllowedOrigins({ 'allowed-origins': ' https://a.example, ,http://b.example:8080 ' }, { [ALLOWED_ORIGINS_ENV]: 'https://c.example' }), ['https://a.example', 'http://b.example:8080'])
    assert.deepEqual(readAllowedOrigins({}, { [ALLOWED_ORIGINS_ENV]: 'https://c.example' }), ['https://c.example'])
    assert.deepEqual(readAllowedOrigins({}, {}), [])
  })

  test('a listed origin is served, a foreign one refused with 403', async () => {
    const run = await statusesByOrigin(['--allowed-origins', 'https://app.example'], ['https://app.example', 'https://evil.example'])
    assert.deepEqual(run.statuses, [200, 403])
    assert.equal(run.code, 0, run.stderr)
  })

  test('VERITY_MCP_ALLOWED_ORIGINS lists them when the flag is absent', async () => {
    const saved = process.env[ALLOWED_ORIGINS_ENV]
    process.env[ALLOWED_ORIGINS_ENV] = 'https://env.example'
    try {
      const run = await statusesByOrigin([], ['https://env.example', 'https://app.example'])
      assert.deepEqual(run.statuses, [200, 403])
    } finally {
      if (saved === undefined) delete process.env[ALLOWED_ORIGINS_ENV]
      else process.env[ALLOWED_ORIGINS_ENV] = saved
    }
  })

  test('an entry that is not an origin stops the start with a message naming it', async () => {
    const run = await statusesByOrigin(['--allowed-origins', 'https://app.example/mcp'], [])
    assert.equal(run.code, 1)
    assert.match(run.stderr, /--allowed-origins: https:\/\/app\.example\/mcp: an origin has no path/)
  })
})
