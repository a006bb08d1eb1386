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

test('--agent OWNER_ID is refused when recognised: the owner id of a key file at hand (naming its public key), or not an Ed25519 point', async () => {
  const { ownerIdAsAgentKey } = await import('./ownerIdAsAgentKey.ts')
  const { mkdirSync } = await import('node:fs')
  const dir = mkdtempSync(join(tmpdir(), 'verity-agent-'))
  try {
    mkdirSync(join(dir, 'keys'))
    const agent = Ed25519Signer.generate()
    agent.toKeyFile(join(dir, 'keys', 'agent.json'))
    const env = { VERITY_DATA_DIR: dir }
    const refusal = ownerIdAsAgentKey(agent.ownerId, env)
    assert.equal(refusal?.code, 'AGENT_KEY_IS_OWNER_ID')
    assert.equal(refusal?.message, `${agent.ownerId} is an owner id, not a public key; the public key of ${join(dir, 'keys', 'agent.json')} is ${agent.publicKeyBase58}`)
    assert.equal(ownerIdAsAgentKey(agent.publicKeyBase58, env), undefined)
    // Owner ids of keys nobody has here: those that are not Ed25519 points are still recognised.
    const strangers = Array.from({ length: 20 }, () => Ed25519Signer.generate().ownerId)
    const refused = strangers.filter((ownerId) => ownerIdAsAgentKey(ownerId, env) !== undefined)
    assert.ok(refused.length > 2, `${refused.length} of 20 recognised`)
    assert.match(ownerIdAsAgentKey(refused[0]!, env)!.message, /is an owner id, not a public key: give the agent's key file or its public key/)
    assert.throws(() => parseAgentKey(refused[0]!), (error: unknown) => error instanceof UsageError && /^--agent .* is an owner id, not a public key/.test(error.message))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
