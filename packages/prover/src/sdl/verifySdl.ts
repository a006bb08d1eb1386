import { isVerityError } from '@verity/core'
import { checkSdlContent, sdlHash, sdlSlotOps, type SdlContent, type SlotDirectory } from '@verity/ledger'
import type { CircuitProver } from '../createCircuitProver.ts'
import type { ProofArtifact, VerifyResult } from '../ProofArtifact.ts'
import { fieldHex, loadPoseidon2 } from '../hash/poseidon2.ts'
import { sdlHashLimbs, sdlOpsHash } from './sdlOpsHash.ts'
import { cutSdlBatches } from './sdlBatches.ts'
import { SDL_CIRCUIT } from './proveSdl.ts'

export type VerifySdlParameters = {
  artifacts: readonly ProofArtifact[]
  content: SdlContent
  /** the shard's root after its last accepted SDL (the empty tree's root for the first) */
  root_before_expected: string
  /** the shard's slot directory as of its last accepted SDL; not changed here */
  directory: SlotDirectory
}

/**
 * Verifies an SDL's chain of proofs against its content, as the base layer does: the content's
 * stateless laws (signatures, shards, lawful diffs) natively; then recomputes the slot operations
 * from the content and the directory, and for each batch the exact public inputs
 * (SDL hash, batch index, root before, ops hash, root after), chained from `root_before_expected`
 * to the content's `root_after`; then verifies each proof. On success the caller commits
 * `directory.commit(directory.plan(sdlSlotOps(content)))`.
 */
export async function verifySdl(prover: CircuitProver, params: VerifySdlParameters): Promise<VerifyResult> {
  const { artifacts, content, root_before_expected: rootExpected, directory } = params
  if (content.root_before !== rootExpected) return { ok: false, reason: `root_before ${content.root_before} is not the shard's root ${rootExpected}` }
  try {
    checkSdlContent(content)
  } catch (error) {
    if (isVerityError(error)) return { ok: false, reason: error.message }
    throw error
  }
  const poseidon = await loadPoseidon2()
  const hash = sdlHash(content)
  const [hi, lo] = sdlHashLimbs(hash)
  let batches
  try {
    batches = cutSdlBatches(directory.plan(sdlSlotOps(content)))
  } catch (error) {
    if (isVerityError(error)) return { ok: false, reason: error.message }
    throw error
  }
  if (artifacts.length !== batches.length) return { ok: false, reason: `expected ${batches.length} batch proofs, got ${artifacts.length}` }
  let root = content.root_before
  for (const [batchIndex, batch] of batches.entries()) {
    const artifact = artifacts[batchIndex]!
    const rootAfter = artifact.public_inputs[5]
    const expected = [fieldHex(hi), fieldHex(lo), fieldHex(BigInt(batchIndex)), root, fieldHex(sdlOpsHash(poseidon, hash, batchIndex, batch))]
    const got = artifact.public_inputs.slice(0, 5)
    if (artifact.public_inputs.length !== 6 || expected.some((value, i) => value !== got[i]?.toLowerCase()) || rootAfter === undefined)
      return { ok: false, reason: `batch ${batchIndex}: public inputs do not match the SDL content` }
    const verified = await prover.verifyCircuit(SDL_CIRCUIT, artifact)
    if (!verified.ok) return { ok: false, reason: `batch ${batchIndex}: ${verified.reason}` }
    root = rootAfter.toLowerCase()
  }
  if (root !== content.root_after) return { ok: false, reason: `the proofs end at ${root}, not at root_after ${content.root_after}` }
  return { ok: true }
}
