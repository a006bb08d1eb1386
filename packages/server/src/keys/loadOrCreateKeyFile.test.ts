import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { loadOrCreateKeyFile } from './loadOrCreateKeyFile.ts'

test('a missing key file is created 0600 in a 0700 directory, then read back as the same key', () => {
  const root = mkdtempSync(join(tmpdir(), 'verity-key-'))
  try {
    const path = join(root, 'extractor', 'key.json')
    const first = loadOrCreateKeyFile(path)
    assert.equal(first.created, true)
    assert.equal(statSync(path).mode & 0o777, 0o600)
    assert.equal(statSync(join(root, 'extractor')).mode & 0o777, 0o700)
    const second = loadOrCreateKeyFile(path)
    assert.equal(second.created, false)
    assert.equal(second.signer.publicKeyBase58, first.signer.publicKeyBase58)
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
})

test('a key file that is not a key is an error naming the file, never silently replaced', () => {
  const root = mkdtempSync(join(tmpdir(), 'verity-key-'))
  try {
    const path = join(root, 'key.json')
    writeFileSync(path, '"not base58 at all 0OIl"')
    assert.throws(() => loadOrCreateKeyFile(path), (error: Error) => error.message.includes(path))
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
})
