import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { encodeBase58 } from '../encoding/base58.ts'
import { InvalidKeyFileError, InvalidSignerError } from '../errors/keyFileErrors.ts'
import { utf8 } from '../signature/testing.ts'
import { verifySignature } from '../signature/verifySignature.ts'
import { Ed25519Signer } from './Ed25519Signer.ts'
import { MultisigSigner } from './MultisigSigner.ts'
import { SoftwarePasskey } from './SoftwarePasskey.ts'

const dir = mkdtempSync(join(tmpdir(), 'verity-core-'))
after(() => rmSync(dir, { recursive: true, force: true }))
const message = utf8('hello')

describe('Ed25519Signer', () => {
  test('key file: a JSON string holding the base58 secret key', () => {
    const signer = Ed25519Signer.generate()
    const path = join(dir, 'operator.json')
    signer.toKeyFile(path)
    assert.equal(readFileSync(path, 'utf8'), `"${signer.secretKeyBase58}"\n`)
    assert.equal(statSync(path).mode & 0o777, 0o600)
    const loaded = Ed25519Signer.fromKeyFile(path)
    assert.equal(loaded.ownerId, signer.ownerId)
    assert.equal(verifySignature(loaded.sign(message), message), true)
    assert.deepEqual(loaded.sign(message), signer.sign(message))
  })

  test('bad key files and secret keys', () => {
    const cases = ['not json', '42', '"0OIl"', JSON.stringify(encodeBase58(new Uint8Array(31).fill(1))), '{"secret":"x"}']
    for (const [index, text] of cases.entries()) {
      const path = join(dir, `bad-${index}.json`)
      writeFileSync(path, text)
      assert.throws(() => Ed25519Signer.fromKeyFile(path), InvalidKeyFileError, text)
    }
    assert.throws(() => Ed25519Signer.fromKeyFile(join(dir, 'missing.json')), { code: 'INVALID_KEY_FILE' })
    assert.throws(() => Ed25519Signer.fromSecretKey(new Uint8Array(64)), InvalidSignerError)
  })
})

describe('SoftwarePasskey', () => {
  test('key file round-trip keeps the key, relying party and counter', () => {
    const passkey = SoftwarePasskey.generate({ rpId: 'shop.example', origin: 'https://shop.example' })
    passkey.sign(message)
    passkey.sign(message)
    const path = join(dir, 'passkey.json')
    passkey.toKeyFile(path)
    const file = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
    assert.deepEqual(Object.keys(file), ['kind', 'version', 'secret_key', 'rp_id', 'origin', 'sign_count'])
    assert.equal(file.sign_count, 2)
    const loaded = SoftwarePasskey.fromKeyFile(path)
    assert.equal(loaded.ownerId, passkey.ownerId)
    assert.equal(loaded.rpId, 'shop.example')
    const signature = loaded.sign(message)
    assert.equal(loaded.signCount, 3)
    assert.equal(JSON.parse(signature.Passkey.client_data).origin, 'https://shop.example')
    assert.equal(verifySignature(signature, message), true)
  })

  test('bad key files', () => {
    const good = JSON.parse(SoftwarePasskey.generate().toKeyFileText()) as Record<string, unknown>
    const cases = ['[]', JSON.stringify({ ...good, kind: 'other' }), JSON.stringify({ ...good, secret_key: 'abc' }), JSON.stringify({ ...good, sign_count: -1 }), JSON.stringify({ ...good, secret_key: encodeBase58(new Uint8Array(32)) })]
    for (const text of cases) assert.throws(() => SoftwarePasskey.fromKeyFileText(text), InvalidKeyFileError, text)
  })
})

describe('MultisigSigner', () => {
  test('members listed twice or bad thresholds are refused', () => {
    const alice = Ed25519Signer.generate()
    assert.throws(() => new MultisigSigner({ members: [{ signer: alice, weight: 1 }, { signer: alice, weight: 1 }], threshold: 1 }), InvalidSignerError)
    assert.throws(() => new MultisigSigner({ members: [], threshold: 1 }), InvalidSignerError)
    assert.throws(() => new MultisigSigner({ members: [{ signer: alice, weight: 1 }], threshold: 0 }), { code: 'MALFORMED_SIGNATURE' })
    assert.throws(() => new MultisigSigner({ members: [{ signer: alice, weight: 1 }], threshold: 1 }).signWith(message, [3]), InvalidSignerError)
  })
})
