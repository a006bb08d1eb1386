import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { Ed25519Signer, decodeBase58 } from '@verity/core'
import { checkIntentFields } from './checkIntentFields.ts'
import { CentsNotWholeError, DeadlineTooSoonError } from './intentFieldErrors.ts'
import { isEd25519PublicKey } from '../keys/isEd25519PublicKey.ts'

const NOW = 1_800_000_000_000

describe('checkIntentFields', () => {
  test('a decimal point in a *_cents field is refused, naming the field and the whole-cent value', () => {
    for (const value of ['25.00', 25.5, { Int: '19.99' }]) {
      assert.throws(() => checkIntentFields({ max_price_cents: value }, NOW), (error: unknown) => {
        assert.ok(error instanceof CentsNotWholeError)
        assert.equal(error.code, 'CENTS_NOT_WHOLE')
        assert.match(error.message, /max_price_cents=.*cents are whole numbers/)
        return true
      })
    }
    assert.throws(() => checkIntentFields({ max_price_cents: '25.00' }, NOW), /2500 for \$25\.00/)
  })

  test('whole cents, other fields and non-numeric text pass', () => {
    checkIntentFields({ max_price_cents: 2500, total_cents: { Int: 3 }, size: 'Medium (M)', ratio: 0.5, note_cents: 'abc' }, NOW)
  })

  test('a deadline in the past or under a minute away is refused; one later passes', () => {
    for (const deadline of [NOW - 1, NOW, NOW + 59_999]) {
      assert.throws(() => checkIntentFields({ payment_deadline_ms: deadline }, NOW), (error: unknown) => {
        assert.ok(error instanceof DeadlineTooSoonError)
        assert.match(error.message, /^payment_deadline_ms=/)
        return true
      })
    }
    assert.throws(() => checkIntentFields({ delivery_deadline_ms: { Int: NOW - 5 } }, NOW), /in the past/)
    checkIntentFields({ payment_deadline_ms: NOW + 60_000 }, NOW)
  })
})

describe('isEd25519PublicKey', () => {
  test('every generated public key is a point; most owner ids are recognised as not one', () => {
    let notPoints = 0
    for (let i = 0; i < 40; i++) {
      const signer = Ed25519Signer.generate()
      assert.equal(isEd25519PublicKey(decodeBase58(signer.publicKeyBase58, 'key', 32)), true)
      if (!isEd25519PublicKey(decodeBase58(signer.ownerId, 'owner id', 32))) notPoints++
    }
    // About half of all 32-byte strings are not points: 40 owner ids with none refused is ~1e-12.
    assert.ok(notPoints > 5, `${notPoints} of 40 owner ids recognised`)
    assert.equal(isEd25519PublicKey(new Uint8Array(31)), false)
  })
})
