import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { agentKeyOfSigner, Ed25519Signer, encodeBase58, MultisigSigner, SoftwarePasskey } from '@verity/core'
import { parseAgentKey } from './parseAgentKey.ts'
import { UsageError } from './UsageError.ts'

test('--agent takes a key file, an agent key JSON (text or file) or a base58 public key', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-agent-'))
  try {
    const ed25519 = Ed25519Signer.generate()
    const passkey = SoftwarePasskey.generate()
    writeFileSync(join(dir, 'agent.json'), ed25519.toKeyFileText())
    writeFileSync(join(dir, 'passkey.json'), passkey.toKeyFileText())
    const multisig = agentKeyOfSigner(new MultisigSigner({ members: [{ signer: ed25519, weight: 1 }, { signer: passkey, weight: 1 }], threshold: 2 }))
    writeFileSync(join(dir, 'multisig.json'), JSON.stringify(multisig))
    assert.deepEqual(parseAgentKey(join(dir, 'agent.json')), { Ed25519: ed25519.publicKeyBase58 })
    assert.deepEqual(parseAgentKey(join(dir, 'passkey.json')), agentKeyOfSigner(passkey))
    assert.deepEqual(parseAgentKey(join(dir, 'multisig.json')), multisig)
    assert.deepEqual(parseAgentKey(JSON.stringify(multisig)), multisig)
    assert.deepEqual(parseAgentKey(ed25519.publicKeyBase58), { Ed25519: ed25519.publicKeyBase58 })
    assert.deepEqual(parseAgentKey(encodeBase58(passkey.publicKeyCompressed)), { Passkey: encodeBase58(passkey.publicKeyCompressed) })
    assert.throws(() => parseAgentKey('abc'), UsageError)
    assert.throws(() => parseAgentKey('{"Rsa": "x"}'), /unknown scheme/)
    assert.throws(() => parseAgentKey('{nope'), /not JSON, a key file or a base58 public key/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
