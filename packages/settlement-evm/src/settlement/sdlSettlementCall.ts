import { decodeBase58 } from '@verity/core'
import { sdlHash, type SdlContent } from '@verity/ledger'
import { EVM_PROOF_SYSTEM, LEGACY_PROOF_SYSTEMS, SDL_CIRCUIT, type ProofArtifact } from '@verity/prover'
import type { Hex } from 'viem'
import type { SettleSdlParameters } from '../client/EvmSettlementClient.ts'
import { MandatePaymentUnsupportedError, SettlementInputError } from '../errors/evmSettlementErrors.ts'

const FIELD_HEX = /^0x[0-9a-f]{64}$/

/**
 * The contract call that settles an SDL: its shard, hash (as bytes32), root before, and per batch
 * proof the ops hash, root after and proof bytes. The proofs must be SDL proofs of EVM_PROOF_SYSTEM
 * (zero-knowledge UltraHonk of Barretenberg 5, Keccak transcript: what the on-chain verifier
 * checks); the contract rebuilds every other public input itself. Throws SettlementInputError for
 * anything the contract would refuse (a proof of the base layer's system, or of bb.js 0.82.2, is
 * named as such), and MandatePaymentUnsupportedError for an SDL with a mandate payment (the
 * contract cannot check its bundle).
 */
export function sdlSettlementCall(content: SdlContent, proofs: readonly unknown[]): SettleSdlParameters {
  const mandate = content.transactions.findIndex((tx) => 'MandatePayment' in tx.verifiable)
  if (mandate >= 0) throw new MandatePaymentUnsupportedError({ index: mandate })
  if (proofs.length === 0) throw new SettlementInputError({ reason: 'an SDL settles with at least 1 batch proof, got none' })
  if (!FIELD_HEX.test(content.root_before)) throw new SettlementInputError({ reason: `root_before ${content.root_before} is not a 32-byte 0x hex field element` })
  const batches = proofs.map((proof, index) => {
    const artifact = proof as Partial<ProofArtifact>
    if (artifact.circuit !== SDL_CIRCUIT) throw new SettlementInputError({ reason: `proof ${index} is for circuit ${JSON.stringify(artifact.circuit)}: EVM settlement takes SDL proofs only (no guardrail proofs)` })
    checkProofSystem(artifact.system, index)
    const inputs = artifact.public_inputs ?? []
    if (inputs.length !== 6 || !inputs.every((x) => FIELD_HEX.test(x)) || typeof artifact.proof !== 'string')
      throw new SettlementInputError({ reason: `proof ${index} does not have the SDL circuit's 6 public inputs and a proof` })
    return { opsHash: inputs[4] as Hex, rootAfter: inputs[5] as Hex, proof: `0x${Buffer.from(artifact.proof, 'base64').toString('hex')}` as Hex }
  })
  if (batches.at(-1)!.rootAfter !== content.root_after) throw new SettlementInputError({ reason: `the proofs end at ${batches.at(-1)!.rootAfter}, not at root_after ${content.root_after}` })
  const hash = `0x${Buffer.from(decodeBase58(sdlHash(content), 'sdl hash', 32)).toString('hex')}` as Hex
  return { shard: content.shard, sdlHash: hash, rootBefore: content.root_before as Hex, batches }
}

/** Refuses a proof the deployed verifier cannot check, naming its proof system. */
function checkProofSystem(system: unknown, index: number): void {
  if (system === EVM_PROOF_SYSTEM) return
  const expected = `the EVM verifier checks "${EVM_PROOF_SYSTEM}" proofs (zero-knowledge UltraHonk of Barretenberg 5, Keccak transcript)`
  if (typeof system === 'string' && Object.hasOwn(LEGACY_PROOF_SYSTEMS, system))
    throw new SettlementInputError({ reason: `proof ${index} is of the old proof system ${JSON.stringify(system)} (${LEGACY_PROOF_SYSTEMS[system]}); ${expected}: prove the SDL again with this version` })
  throw new SettlementInputError({ reason: `proof ${index} is ${JSON.stringify(system)}; ${expected}` })
}
