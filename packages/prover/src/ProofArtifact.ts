/**
 * A proof as it travels (JSON). `system` names the proof system and its version (below);
 * `proof` is the UltraHonk proof bytes (without public inputs) in standard base64; `public_inputs`
 * are the circuit's public inputs in ABI order, each a 0x-prefixed 32-byte big-endian hex field
 * element; `circuit_hash` is the SHA-256 (hex) of the circuit's ACIR bytecode; `crs` names the CRS
 * the proof was made with: always Aztec's Ignition (docs/proofs.md).
 */
export type ProofArtifact = {
  system: ProofSystem
  circuit: string
  circuit_hash: string
  crs: 'ignition'
  public_inputs: string[]
  proof: string
}

/**
 * 'ultrahonk-zk/bb5': zero-knowledge UltraHonk of Barretenberg 5 with the Poseidon2 transcript (the
 * base layer, the domain, the orchestrator and the SDK verify these). 'ultrahonk-keccak-zk/bb5': the
 * same with the Keccak transcript, what the Solidity verifier bb 5 generates checks (EVM settlement,
 * docs/settlement-evm.md).
 */
export type ProofSystem = 'ultrahonk-zk/bb5' | 'ultrahonk-keccak-zk/bb5'

/** The proof system of every proof this version makes (Poseidon2 transcript). */
export const PROOF_SYSTEM: ProofSystem = 'ultrahonk-zk/bb5'
/** The Keccak-transcript system of EVM-verified proofs. */
export const PROOF_SYSTEM_KECCAK: ProofSystem = 'ultrahonk-keccak-zk/bb5'

/**
 * Systems of earlier versions, refused by every verifier with a reason naming them: bb.js 0.82.2's
 * UltraHonk without zero-knowledge, over a locally generated (dev) CRS or Ignition.
 */
export const LEGACY_PROOF_SYSTEMS: Readonly<Record<string, string>> = Object.freeze({
  ultrahonk: 'UltraHonk of @aztec/bb.js 0.82.2 (not zero-knowledge, Noir 1.0.0-beta.3 circuits)',
  'ultrahonk-keccak': 'UltraHonk with the Keccak transcript of @aztec/bb.js 0.82.2 (not zero-knowledge)',
})

export function isKeccakSystem(system: ProofSystem): boolean {
  return system === PROOF_SYSTEM_KECCAK
}

/** Result of a verification: ok, or the reason it failed. */
export type VerifyResult = { ok: true } | { ok: false; reason: string }
