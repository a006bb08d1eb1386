import { SdlProofInvalidError } from '../errors/settlementErrors.ts'
import type { SdlProofCheck, SdlProofVerifier } from './SdlProofVerifier.ts'

export type ProverSdlVerifierOptions = { crsPath?: string }

/** Verifies SDL proofs with @verity/prover (created on first use: loading bb.js takes a while). */
export class ProverSdlVerifier implements SdlProofVerifier {
  constructor(readonly options: ProverSdlVerifierOptions = {}) {}

  async verifySdlProofs(_check: SdlProofCheck): Promise<void> {
    throw new SdlProofInvalidError({ reason: 'SDL proof verification is not available yet' })
  }

  async close(): Promise<void> {}
}
