import { after, before, test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import { PROVING_QUEUE_MAX } from '../limits.ts'
import { startTestDomain, type TestDomain } from '../testing/startTestDomain.ts'

// The SDL proving queue is bounded: one proof runs, PROVING_QUEUE_MAX wait, and one more prove
// request is refused with 503 PROOF_QUEUE_FULL instead of growing the queue (docs/security.md).
const SHARD = 5
let domain: TestDomain
before(async () => {
  domain = await startTestDomain({ shard: SHARD })
})
after(async () => domain.cleanup())

test(`beyond one running and ${PROVING_QUEUE_MAX} queued SDL proofs, POST /sdls/{hash}/prove answers 503 PROOF_QUEUE_FULL`, async () => {
  const sdls: string[] = []
  // One SDL per mint: each mint is a new token (a new issuer's vault) and forms an SDL of its own.
  for (let index = 0; index < PROVING_QUEUE_MAX + 2; index++) {
    const mint = signVerifiable(Ed25519Signer.generate(), 'FungibleTokenMint', {
      new_nonce: 1n,
      shard: SHARD,
      operation: { Create: { metadata: { name: `Q${index}`, symbol: 'Q' }, credited: [{ address: domain.addressOf(domain.operator), amount: 1n }] } },
    })
    const minted = await domain.post('/intents/execute', [jsonValue(mint)])
    assert.equal(minted.status, 200, JSON.stringify(minted.body))
    const submitted = await domain.post('/sdls/submit', {})
    assert.equal(submitted.status, 200, JSON.stringify(submitted.body))
    sdls.push(submitted.body as string)
  }
  const answers = []
  for (const hash of sdls) answers.push(await domain.post(`/sdls/${hash}/prove`, {}))
  assert.deepEqual(answers.slice(0, -1).map((answer) => answer.status), Array(PROVING_QUEUE_MAX + 1).fill(202))
  const refused = answers.at(-1)!
  assert.equal(refused.status, 503)
  assert.equal(refused.body.code, 'PROOF_QUEUE_FULL')
  assert.match(refused.body.message, new RegExp(String(PROVING_QUEUE_MAX)))
})
