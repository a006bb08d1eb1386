/**
 * A proof as it travels (JSON). `proof` is the UltraHonk proof bytes (without public inputs) in
 * standard base64; `public_inputs` are the circuit's public inputs in ABI order, each a 0x-prefixed
 * 32-byte big-endian hex field element; `circuit_hash` is the SHA-256 (hex) of the circuit's ACIR
 * bytecode; `crs` says which CRS the prover used ('dev' is insecure: see docs/proofs.md).
 */
export type ProofArtifact = {
  system: ProofSystem
  circuit: string
  circuit_hash: string
  crs: 'ignition' | 'dev'
  public_inputs: string[]
  proof: string
}

/**
 * 'ultrahonk': Poseidon2 transcript (the base layer verifies these). 'ultrahonk-keccak': Keccak
 * transcript, what the Solidity verifier bb.js generates checks (EVM settlement, docs/settlement-evm.md).
 */
export type ProofSystem = 'ultrahonk' | 'ultrahonk-keccak'

/** Result of a verification: ok, or the reason it failed. */
export type VerifyResult = { ok: true } | { ok: false; reason: string }
