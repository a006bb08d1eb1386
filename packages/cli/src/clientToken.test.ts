import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { generateToken, writeTokensFile } from '@verity/server'
import { DomainClient } from '@verity/sdk'
import { clientToken } from './clientToken.ts'

const dir = mkdtempSync(join(tmpdir(), 'verity-client-token-'))
after(() => rmSync(dir, { recursive: true, force: true }))

test('the CLI sends VERITY_ADMIN_TOKEN first, then the tokens file named, then the data dir tokens.json of verity up', () => {
  const devnet = generateToken()
  const named = generateToken()
  const fromEnv = generateToken()
  writeTokensFile(join(dir, 'data', 'tokens.json'), [{ name: 'devnet-admin', scope: 'admin', token: devnet }])
  writeTokensFile(join(dir, 'named.json'), [{ name: 'ops', scope: 'operator', token: named }])
  assert.equal(clientToken({ VERITY_DATA_DIR: join(dir, 'data') }), devnet)
  assert.equal(clientToken({ VERITY_DATA_DIR: join(dir, 'data'), VERITY_TOKENS_FILE: join(dir, 'named.json') }), named)
  assert.equal(clientToken({ VERITY_DATA_DIR: join(dir, 'data'), VERITY_ADMIN_TOKEN: fromEnv }), fromEnv)
  assert.equal(clientToken({ VERITY_DATA_DIR: join(dir, 'nowhere') }), undefined)
})

test('a client sends its token as Authorization: Bearer on every call (to a loopback stand-in)', async () => {
  const seen: Array<string | undefined> = []
  const server = createServer((request, response) => {
    seen.push(request.headers.authorization)
    response.writeHead(200, { 'content-type': 'application/json' }).end('null')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  try {
    const token = generateToken()
    assert.equal(await new DomainClient(`http://127.0.0.1:${port}`, { token }).submitSdl(), null)
    await new DomainClient(`http://127.0.0.1:${port}`, { token }).listSdls().catch(() => undefined)
    assert.deepEqual(seen, [`Bearer ${token}`, `Bearer ${token}`])
  } finally {
    server.close()
  }
})
