import assert from 'node:assert/strict'
import { test } from 'node:test'
import { ed25519 } from '@noble/curves/ed25519.js'
import { canonicalJsonBytes, encodeBase58, verifySignature, type Signature } from '@verity/core'
import { compileTemplate } from '@verity/policy'
import { sealIntentWithKeys } from './sealIntentWithKeys.ts'
import type { WalletKey } from './WalletKey.ts'
import { standaloneToken } from '../../../../core/src/testing/standaloneToken.ts'

const TEMPLATE = `name sealed_wallet
intent {
  max_price_cents: int
  size: string
}
evidence {
  price_cents: int
  size: string
}
requires {
  evidence.price_cents <= intent.max_price_cents;
  evidence.size == intent.size;
}
`

function ed25519Key(label: string): WalletKey {
  const secretKey = ed25519.utils.randomSecretKey()
  return { kind: 'ed25519', label, publicKeyBase58: encodeBase58(ed25519.getPublicKey(secretKey)), secretKey }
}

// The wallet's sealed intent (the page's code, without a browser: Ed25519 keys sign in JavaScript).
test('the wallet seals in the page: commitments signed by one key or a multisig, the opening beside them', async () => {
  const compiled = compileTemplate(TEMPLATE)
  const fields = { max_price_cents: 2345, size: 'L' }
  for (const signing of [{ kind: 'single', key: ed25519Key('a') } as const, { kind: 'multisig', keys: [ed25519Key('a'), ed25519Key('b')], threshold: 2 } as const]) {
    const { body, opening } = await sealIntentWithKeys({ id: crypto.randomUUID(), compiled, fields, signing })
    const intent = body.intent as { sealed: { commitments: Record<string, string> } }
    assert.ok(Object.keys(intent.sealed.commitments).length >= 1)
    assert.doesNotMatch(JSON.stringify(intent), standaloneToken(2345))
    assert.deepEqual(opening.attrs.fields, fields)
    assert.deepEqual(body.opening, opening)
    const signature = (body.authorship as { Signed: Signature }).Signed
    assert.equal(verifySignature(signature, canonicalJsonBytes(intent)), true)
    assert.equal(signing.kind === 'multisig', 'Multisig' in signature)
  }
})
