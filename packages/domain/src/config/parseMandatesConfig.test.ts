import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer } from '@verity/core'
import { parseMandatesConfig } from './parseMandatesConfig.ts'

const fail = (reason: string): never => {
  throw new Error(reason)
}

test('mandates: trusted keys and grace read; absent means none trusted; bad values named', () => {
  const key = Ed25519Signer.generate().publicKeyBase58
  assert.deepEqual(parseMandatesConfig({ trusted_extractor_keys: [key], deadline_grace_ms: 0 }, fail), { trustedExtractorKeys: [key], deadlineGraceMs: 0 })
  assert.deepEqual(parseMandatesConfig(undefined, fail), { trustedExtractorKeys: [], deadlineGraceMs: 600_000 })
  assert.throws(() => parseMandatesConfig({ trusted_extractor_keys: ['nope'] }, fail), /`mandates\.trusted_extractor_keys\[0\]` must be a base58 Ed25519 public key/)
  assert.throws(() => parseMandatesConfig({ deadline_grace_ms: -1 }, fail), /`mandates\.deadline_grace_ms` must be an integer from 0 to 86400000/)
  assert.throws(() => parseMandatesConfig({ trusted_keys: [] }, fail), /`mandates\.trusted_keys` is not known/)
})
