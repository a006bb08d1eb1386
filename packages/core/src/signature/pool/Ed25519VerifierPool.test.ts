import assert from 'node:assert/strict'
import { after, describe, test } from 'node:test'
import { InvalidSignatureError, MalformedSignatureError } from '../../errors/signatureErrors.ts'
import { Ed25519Signer } from '../../signer/Ed25519Signer.ts'
import { parseEd25519 } from '../parseSignature.ts'
import { flipBit, flipBitInBytes, utf8 } from '../testing.ts'
import { assertSignature } from '../verifySignature.ts'
import { assertSignatureInPool } from './assertSignatureInPool.ts'
import { Ed25519VerifierPool } from './Ed25519VerifierPool.ts'
import { rememberVerifiedSignature } from './preverifiedSignatures.ts'

const signers = Array.from({ length: 8 }, () => Ed25519Signer.generate())
/** 200 signed messages of varied lengths, every third one tampered with (message, signature or key). */
const cases = Array.from({ length: 200 }, (_, index) => {
  const signer = signers[index % signers.length]!
  const message = utf8(`message ${index} ${'x'.repeat(index * 7)}`)
  const signature = signer.sign(message)
  if (index % 3 !== 1) return { message, signature, valid: true }
  const kind = index % 9
  if (kind === 1) return { message: flipBitInBytes(message, 5), signature, valid: false }
  if (kind === 4) return { message, signature: { Ed25519: { ...signature.Ed25519, signature: flipBit(signature.Ed25519.signature, 9) } }, valid: false }
  return { message, signature: { Ed25519: { ...signature.Ed25519, pub_key: signers[(index + 1) % signers.length]!.publicKeyBase58 } }, valid: false }
})

for (const workers of [0, 1, 2])
  describe(`Ed25519VerifierPool, ${workers} workers`, () => {
    const pool = new Ed25519VerifierPool({ workers, batchMax: 16 })
    after(() => pool.close())

    test('a burst gives each signature its own answer, the same as node:crypto inline', async () => {
      const answers = await Promise.all(cases.map((c) => pool.verify(parseEd25519(c.signature.Ed25519, 'signature.Ed25519'), c.message)))
      assert.deepEqual(answers, cases.map((c) => c.valid))
    })

    test('a lone request is answered', async () => {
      assert.equal(await pool.verify(parseEd25519(cases[0]!.signature.Ed25519, 's'), cases[0]!.message), true)
      assert.equal(await pool.verify(parseEd25519(cases[1]!.signature.Ed25519, 's'), cases[1]!.message), false)
    })

    test('assertSignatureInPool throws the typed errors of assertSignature', async () => {
      await assertSignatureInPool(cases[0]!.signature, cases[0]!.message, pool)
      await assert.rejects(assertSignatureInPool(cases[1]!.signature, cases[1]!.message, pool), InvalidSignatureError)
      await assert.rejects(assertSignatureInPool({ Ed25519: { pub_key: 'x' } }, cases[0]!.message, pool), MalformedSignatureError)
    })
  })

test('a closed pool still answers, inline', async () => {
  const pool = new Ed25519VerifierPool({ workers: 1 })
  const pending = pool.verify(parseEd25519(cases[0]!.signature.Ed25519, 's'), cases[0]!.message)
  await pool.close()
  assert.equal(await pending, true)
  assert.equal(await pool.verify(parseEd25519(cases[1]!.signature.Ed25519, 's'), cases[1]!.message), false)
})

test('a remembered verification counts only for the same object, fields and bytes', () => {
  const { message, signature } = cases[0]!
  const bad = cases[1]!
  // A bad signature remembered as good (a bug elsewhere) is trusted only for exactly that check…
  rememberVerifiedSignature(bad.signature, bad.message)
  assertSignature(bad.signature, bad.message)
  // …not for other bytes, a copy of the object, or the object after a change.
  assert.throws(() => assertSignature(bad.signature, message), InvalidSignatureError)
  assert.throws(() => assertSignature(structuredClone(bad.signature), bad.message), InvalidSignatureError)
  const mutable = structuredClone(signature)
  rememberVerifiedSignature(mutable, message)
  mutable.Ed25519.signature = flipBit(mutable.Ed25519.signature, 3)
  assert.throws(() => assertSignature(mutable, message), InvalidSignatureError)
})
