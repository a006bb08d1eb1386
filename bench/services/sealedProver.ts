// Child process: proves and verifies the clothing template for one intent, open and sealed, on one
// policy tier, `count` times each, interleaved (open, sealed, open, …) so load drifts hit both
// alike; reports the times, the circuit's size, and the user's side cost of sealing (the
// commitments of every tier). argv: <policy_small|policy> <count>.
import { randomUUID } from 'node:crypto'
import type { InputValue } from '@verity/core'
import { compileTemplate } from '@verity/policy'
import { createProver, sealedAttrsCommitments, sealedAttrsSalt, type PolicyCircuitName, type ProofArtifact, type Prover } from '@verity/prover'
import { CLOTHING_TEMPLATE } from '../lib/benchTemplates.ts'
import { runChild, tellParent } from '../lib/childSide.ts'
import { nowMs } from '../lib/stats.ts'

const compiled = compileTemplate(CLOTHING_TEMPLATE)
const attrs: Record<string, InputValue> = { acceptable_categories: ['t-shirt', 'polo'], acceptable_colors: ['White', 'Black'], size: 'M', audience: 'unisex', max_price_cents: 2500n }
const evidence: Record<string, InputValue> = { category: 't-shirt', color: 'White', brand: 'Verity Basics', size: 'M', audience: 'unisex', price_cents: 1999n }

type Timed = { proveMs: number[]; verifyMs: number[] }

async function proveAndVerify(prover: Prover, circuit: PolicyCircuitName, sealed: { salt: bigint; commitment: string } | undefined, into: Timed): Promise<void> {
  const intentId = randomUUID()
  const start = nowMs()
  // An open intent proves with attrs salt 0; a sealed one with its secret salt (the same circuit).
  const artifact: ProofArtifact = await prover.provePolicy({ compiled, attrs, evidence, intentId, circuit, ...(sealed === undefined ? {} : { attrsSalt: sealed.salt }) })
  into.proveMs.push(nowMs() - start)
  const verifyStart = nowMs()
  const verified = await prover.verifyPolicy(
    sealed === undefined ? { artifact, compiled, evidence, intentId, attrs } : { artifact, compiled, evidence, intentId, attrsCommitment: sealed.commitment },
  )
  if (!verified.ok) throw new Error(`${sealed === undefined ? 'open' : 'sealed'} ${circuit} proof did not verify: ${verified.reason}`)
  into.verifyMs.push(nowMs() - verifyStart)
}

runChild(async () => {
  const circuit = process.argv[2] as PolicyCircuitName
  const count = Number(process.argv[3] ?? 1)
  if (circuit !== 'policy_small' && circuit !== 'policy') throw new Error('usage: sealedProver.ts <policy_small|policy> <count>')
  const prover = createProver({ workers: 1 })
  try {
    const { gates } = await prover.circuitSize(circuit) // loads the circuit and starts the worker: not part of a proof
    const open: Timed = { proveMs: [], verifyMs: [] }
    const sealedTimes: Timed = { proveMs: [], verifyMs: [] }
    const sealMs: number[] = []
    // One warm-up pair, not counted: the first proof pays for bb.js's cold start.
    const warmSalt = sealedAttrsSalt()
    await proveAndVerify(prover, circuit, { salt: warmSalt, commitment: (await sealedAttrsCommitments(compiled, attrs, warmSalt))[circuit]! }, { proveMs: [], verifyMs: [] })
    for (let i = 0; i < count; i++) {
      await proveAndVerify(prover, circuit, undefined, open)
      const sealStart = nowMs()
      const salt = sealedAttrsSalt()
      const commitments = await sealedAttrsCommitments(compiled, attrs, salt)
      sealMs.push(nowMs() - sealStart)
      await proveAndVerify(prover, circuit, { salt, commitment: commitments[circuit]! }, sealedTimes)
    }
    tellParent({ type: 'result', circuit, gates, open, sealed: sealedTimes, sealMs })
  } finally {
    await prover.close()
  }
})
