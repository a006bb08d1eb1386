import type { Signer } from '@verity/core'
import type { AgreementPayload, AgreementRequest } from '../agreement/Agreement.ts'
import { operatorRequestBytes } from '../rpc/operatorRequestBytes.ts'
import type { SdlSubmission } from '../settlement/SdlSubmission.ts'

/** Signs a domain agreement with the operator's key (an Ed25519 signer). */
export function signAgreementRequest(signer: Signer, payload: AgreementPayload): AgreementRequest {
  return { ...payload, signature: signer.sign(operatorRequestBytes('submitAgreement', payload)) }
}

/**
 * Signs an SDL submission with the operator's key. `content` is the ledger's SdlContent (as in
 * memory or as JSON) and `proofs` the proof artifacts, the SDL proof first.
 */
export function signSdlSubmission(signer: Signer, submission: { content: unknown; proofs: unknown }): SdlSubmission {
  const payload = { content: submission.content, proofs: submission.proofs }
  return { ...payload, signature: signer.sign(operatorRequestBytes('submitSdl', payload)) }
}
