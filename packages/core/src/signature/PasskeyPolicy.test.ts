import assert from 'node:assert/strict'
import { test } from 'node:test'
import { Ed25519Signer } from '../signer/Ed25519Signer.ts'
import { MultisigSigner } from '../signer/MultisigSigner.ts'
import { SoftwarePasskey } from '../signer/SoftwarePasskey.ts'
import { parseSignature } from './parseSignature.ts'
import { checkParsedSignature } from './verifySignature.ts'

const message = new TextEncoder().encode('{"intent":"a t-shirt"}')
const wallet = SoftwarePasskey.generate({ rpId: 'wallet.example', origin: 'https://wallet.example' })
const lookalike = SoftwarePasskey.generate({ rpId: 'wallet-example.evil', origin: 'https://wallet-example.evil' })
const check = (signer: { sign(m: Uint8Array): unknown }, policy?: { origins?: string[]; rpIds?: string[] }) =>
  checkParsedSignature(parseSignature(signer.sign(message)), message, policy)

test('without a policy any origin and RP id is accepted (the default, unchanged)', () => {
  assert.equal(check(wallet), null)
  assert.equal(check(lookalike), null)
  assert.equal(check(lookalike, { origins: [], rpIds: [] }), null)
})

test('a policy accepts only its origins and RP ids, naming what it refused', () => {
  const policy = { origins: ['https://wallet.example'], rpIds: ['wallet.example'] }
  assert.equal(check(wallet, policy), null)
  assert.match(check(lookalike, policy) ?? '', /client_data origin "https:\/\/wallet-example\.evil" is not an accepted origin/)
  assert.match(check(lookalike, { rpIds: ['wallet.example'] }) ?? '', /rpIdHash is not the hash of an accepted RP id/)
  assert.match(check(wallet, { rpIds: ['other.example'] }) ?? '', /rpIdHash/)
})

test('a multisig member signing with a passkey is held to the same policy; Ed25519 members are not affected', () => {
  const ed = Ed25519Signer.generate()
  const multisig = new MultisigSigner({ members: [{ signer: ed, weight: 1 }, { signer: lookalike, weight: 1 }], threshold: 2 })
  assert.equal(check(multisig), null)
  assert.match(check(multisig, { origins: ['https://wallet.example'] }) ?? '', /not an accepted origin/)
  assert.equal(check(ed, { origins: ['https://wallet.example'] }), null)
})
