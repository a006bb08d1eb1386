import { test } from 'node:test'
import assert from 'node:assert/strict'
import { InvalidOptionError } from '@verity/core'
import { parseDomainConfig } from './loadDomainConfig.ts'

const where = { path: 'domain.yaml', baseDir: '/srv/domain' }
const evm = { kind: 'evm', rpc_url: 'http://127.0.0.1:8545', chain_id: 31337, contract: `0x${'ab'.repeat(20)}`, account_key_file: 'keys/evm.key' }

test('settlement: kind evm is read with its defaults; kind base_layer or no block keeps the base layer', () => {
  const config = parseDomainConfig({ shard: 1, keypair: 'k.json', settlement: evm }, where)
  assert.deepEqual(config.settlement, { kind: 'evm', rpcUrl: evm.rpc_url, chainId: 31337, contract: evm.contract, accountKeyFile: '/srv/domain/keys/evm.key', confirmations: 1 })
  assert.equal(parseDomainConfig({ shard: 1, keypair: 'k.json', settlement: { ...evm, confirmations: 12, confirmation_wait_ms: 600_000 } }, where).settlement?.confirmations, 12)
  assert.equal(parseDomainConfig({ shard: 1, keypair: 'k.json', settlement: { kind: 'base_layer' } }, where).settlement, undefined)
  assert.equal(parseDomainConfig({ shard: 1, keypair: 'k.json' }, where).settlement, undefined)
})

test('a bad settlement block is refused naming the key', () => {
  const refused = (settlement: unknown, extra: Record<string, unknown> = {}) =>
    assert.throws(() => parseDomainConfig({ shard: 1, keypair: 'k.json', settlement, ...extra }, where), InvalidOptionError)
  refused({ ...evm, kind: 'solana' })
  refused({ ...evm, contract: '0x1234' })
  refused({ ...evm, chain_id: 0 })
  refused({ ...evm, confirmations: 0 })
  refused({ ...evm, confirmations: 10_000 })
  refused({ ...evm, rpc_url: 'ws://127.0.0.1:8545' })
  refused({ ...evm, account_key_file: '' })
  refused({ ...evm, gas_price: 1 })
  refused(evm, { rpc_url: 'http://127.0.0.1:9000' })
})
