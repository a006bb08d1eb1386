import { test } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer } from '@verity/core'
import { limits as baseLayerLimits } from '@verity/base-layer'
import { executeBatch, limits as ledgerLimits, MemoryLedger } from '@verity/ledger'
import { createNfts, nft, TEST_SHARD, addressOf } from '../../../ledger/src/testing/shardFixture.ts'
import { fittingPrefix, sdlMandatePaymentsFit, sdlProofCounts, sdlProofsFit, type SdlDraft } from './cutSdl.ts'

/** The SDL draft of one mint of MINT_NFTS_MAX NFTs to one holder (~515 slot operations on as many slots). */
function largeNftMint(): SdlDraft {
  const issuer = Ed25519Signer.generate()
  const nfts = Array.from({ length: ledgerLimits.MINT_NFTS_MAX }, (_, i) => nft(BigInt(i + 1)))
  const result = executeBatch(new MemoryLedger(), [createNfts(issuer, 1n, [{ address: addressOf(Ed25519Signer.generate()), nfts }])], TEST_SHARD)
  assert.equal(result.transactions.length, 1)
  return { shard: TEST_SHARD, sequence: 1, previous_hash: null, incoming_credits: { from_cursor: 0, to_cursor: 0, credits: [] }, transactions: result.transactions }
}

test('a mint of MINT_NFTS_MAX NFTs fits one SDL on the base layer (it once needed more than the 17 proofs allowed), not on an EVM chain', () => {
  const draft = largeNftMint()
  const counts = sdlProofCounts(draft, 0)
  const slots = 2 * ledgerLimits.MINT_NFTS_MAX
  assert.ok(counts.batchProofs >= Math.ceil(slots / ledgerLimits.SDL_PATHS_PER_PROOF), `${counts.batchProofs} batch proofs`)
  assert.ok(counts.batchProofs > 8)
  assert.equal(counts.guardrailProofs, 0)
  assert.equal(sdlProofsFit(counts), true)
  assert.equal(sdlProofsFit(counts, 8), false)
  // With guardrails, each transaction adds one policy proof per guardrail: SDL_GUARDRAIL_PROOFS_MAX bounds them.
  assert.equal(sdlProofsFit(sdlProofCounts(draft, baseLayerLimits.SDL_GUARDRAIL_PROOFS_MAX + 1)), false)
})

test('the SDL takes the longest fitting prefix of the pending entries, and at least one', () => {
  const entries = Array.from({ length: 100 }, (_, i) => i)
  assert.equal(fittingPrefix(entries, (prefix) => prefix.length <= 37), 37)
  assert.equal(fittingPrefix(entries, () => true), 100)
  assert.equal(fittingPrefix(entries, () => false), 1)
})

test('an SDL holds at most SDL_MANDATE_PAYMENTS_MAX mandate payments (the base layer verifies each bundle); the rest waits', () => {
  const payment = { verifiable: { MandatePayment: { debited: 'a,1', credited: 'b,1', token: 'native', amount: 1n, proof_bundle: {} } }, state_diffs: [] }
  const draft = (count: number): SdlDraft => ({ shard: TEST_SHARD, sequence: 1, previous_hash: null, incoming_credits: { from_cursor: 0, to_cursor: 0, credits: [] }, transactions: Array.from({ length: count }, () => payment) })
  assert.equal(sdlMandatePaymentsFit(draft(baseLayerLimits.SDL_MANDATE_PAYMENTS_MAX)), true)
  assert.equal(sdlMandatePaymentsFit(draft(baseLayerLimits.SDL_MANDATE_PAYMENTS_MAX + 1)), false)
  const entries = Array.from({ length: 100 }, (_, i) => i)
  assert.equal(fittingPrefix(entries, (prefix) => sdlMandatePaymentsFit(draft(prefix.length))), baseLayerLimits.SDL_MANDATE_PAYMENTS_MAX)
})
