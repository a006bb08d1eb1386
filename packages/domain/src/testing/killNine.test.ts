// Acknowledged writes survive kill -9: a domain in a child process accepts a batch and cuts an
// SDL, is killed with SIGKILL, and a new domain on the same data directory has both.
import { after, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Ed25519Signer } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import type { DomainConfig } from '../config/DomainConfig.ts'
import { request, startTestDomain, type TestDomain } from './startTestDomain.ts'

describe('durability', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-kill9-'))
  let restarted: TestDomain | undefined
  after(async () => {
    await restarted?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  test('a batch and an SDL acknowledged before kill -9 are there after a restart', async () => {
    const operator = Ed25519Signer.generate()
    operator.toKeyFile(join(dir, 'operator_key.json'))
    const config: DomainConfig = {
      shard: 11,
      keypairPath: join(dir, 'operator_key.json'),
      apiPort: 0,
      apiHost: '127.0.0.1',
      dataDir: join(dir, 'data'),
      guardrails: [],
      prover: {},
      creditsPullIntervalMs: 0,
    }
    const script = fileURLToPath(new URL('./runDomainProcess.ts', import.meta.url))
    const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(config)], { stdio: ['ignore', 'pipe', 'inherit'] })
    const url = await new Promise<string>((resolve, reject) => {
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const match = /READY (\S+)/.exec(output)
        if (match) resolve(match[1]!)
      })
      child.once('exit', (code) => reject(new Error(`domain process exited with ${code}`)))
    })
    const mintKey = Ed25519Signer.generate()
    const holder = Ed25519Signer.generate()
    const mint = signVerifiable(mintKey, 'FungibleTokenMint', {
      new_nonce: 1n,
      shard: 11,
      operation: { Create: { metadata: { name: 'Durable', symbol: 'DUR' }, credited: [{ address: `${holder.ownerId},11`, amount: 77n }] } },
    })
    assert.equal((await request(`${url}/intents/execute`, 'POST', [jsonValue(mint)])).status, 200)
    const hash = (await request(`${url}/sdls/submit`, 'POST')).body as string
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGKILL')
    await exited

    restarted = await startTestDomain({ shard: 11, dir })
    const vault = await restarted.get(`/vaults/${holder.ownerId}`)
    assert.equal(vault.status, 200)
    assert.equal(vault.body.data.TokenHoldings.fungibles[`${mintKey.ownerId},11`], 77)
    assert.equal((await restarted.get(`/vaults/${mintKey.ownerId}/nonce`)).body, 2)
    assert.deepEqual((await restarted.get('/sdls')).body, [[hash, 'Submitted']])
    assert.equal((await restarted.post('/sdls/submit')).body, null)
  })
})
