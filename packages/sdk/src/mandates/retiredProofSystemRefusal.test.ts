// A bundle proven by 0.1.0 (proof system "ultrahonk", kept by verity upgrade) never pays: the
// payment is refused by name, before any other check; a bundle of this proof system is not.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { PROOF_SYSTEM } from '@verity/prover'
import { retiredProofSystemRefusal } from './retiredProofSystemRefusal.ts'
import { verifyMandateBundle } from './verifyMandateBundle.ts'

const bundleOf = (system: unknown) => ({ proof: { artifact: { system, crs: 'dev' } } })

test('a proof of 0.1.0\'s proof system is refused with MANDATE_PROOF_SYSTEM_RETIRED, naming it and what to do', async () => {
  const refused = await verifyMandateBundle(bundleOf('ultrahonk'), { trustedExtractorKeys: ['key'], verifier: { verifyPolicy: () => assert.fail('never verified') } as never })
  assert.equal(refused.ok, false)
  assert.equal(!refused.ok && refused.code, 'MANDATE_PROOF_SYSTEM_RETIRED')
  assert.match(!refused.ok ? refused.reason : '', /proof system "ultrahonk" \(UltraHonk of @aztec\/bb\.js 0\.82\.2.*the user signs a new intent/)
  assert.equal(retiredProofSystemRefusal(bundleOf('ultrahonk-keccak'))?.ok, false)
  for (const other of [PROOF_SYSTEM, undefined, 42]) assert.equal(retiredProofSystemRefusal(bundleOf(other)), undefined)
  assert.equal(retiredProofSystemRefusal(null), undefined)
})
