import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { agentKeyOfSigner, Ed25519Signer, SoftwarePasskey } from '@verity/core'
import { loadSigner } from './loadSigner.ts'

test('loadSigner reads both key files and names what a file of another kind is', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-keys-'))
  try {
    const ed25519 = Ed25519Signer.generate()
    const passkey = SoftwarePasskey.generate()
    writeFileSync(join(dir, 'ed.json'), ed25519.toKeyFileText())
    writeFileSync(join(dir, 'pk.json'), passkey.toKeyFileText())
    assert.equal(loadSigner(join(dir, 'ed.json')).ownerId, ed25519.ownerId)
    assert.equal(loadSigner(join(dir, 'pk.json')).ownerId, passkey.ownerId)
    const cases: Array<[string, unknown, RegExp]> = [
      ['agent.json', agentKeyOfSigner(ed25519), /this is an agent's public key \(what an intent's --agent names\), which cannot sign, not a key file; a key file is what `verity keygen --out FILE` writes/],
      ['proof.json', { signed_intent: {}, proof: {} }, /this is a proof bundle \(verity proof get\), not a key file/],
      ['tokens.json', { admin: 'x', reader: 'y' }, /this is a JSON object with "admin", "reader", not a key file/],
      ['old-passkey.json', { kind: 'verity-software-passkey', version: 9 }, /expected \{"kind":"verity-software-passkey","version":1,…\}/],
    ]
    for (const [name, content, pattern] of cases) {
      writeFileSync(join(dir, name), JSON.stringify(content))
      assert.throws(() => loadSigner(join(dir, name)), (error: unknown) => (error as { code?: string }).code === 'INVALID_KEY_FILE' && pattern.test((error as Error).message), name)
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
