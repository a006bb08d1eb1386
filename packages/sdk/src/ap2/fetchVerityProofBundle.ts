import { VERITY_INTENT_CONSTRAINT_TYPE, type Static, type VerityIntentConstraint } from '@verity/wire'
import { requestJson } from '../http/requestJson.ts'
import { Ap2MandateError } from './Ap2MandateError.ts'

export type FetchVerityProofBundleOptions = { orchestratorsAllowed: readonly string[]; timeoutMs?: number }

/**
 * The proof bundle of the intent a Verity constraint names: `GET {orchestrator}/proofs/{intent_id}`,
 * only from an orchestrator in `orchestratorsAllowed` (base URLs; a business fetches nothing else:
 * the URL comes from the agent). The bundle proves itself; evaluateVerityConstraint verifies it.
 * Throws Ap2MandateError (AP2_CONSTRAINT_UNRESOLVED) for an orchestrator not allowed, ApiError or
 * ServiceUnreachableError when the orchestrator fails.
 */
export async function fetchVerityProofBundle(constraint: Static<typeof VerityIntentConstraint>, options: FetchVerityProofBundleOptions): Promise<unknown> {
  const orchestrator = constraint.orchestrator.replace(/\/+$/, '')
  if (!options.orchestratorsAllowed.some((allowed) => allowed.replace(/\/+$/, '') === orchestrator))
    throw new Ap2MandateError({ code: 'AP2_CONSTRAINT_UNRESOLVED', reason: `the ${VERITY_INTENT_CONSTRAINT_TYPE} constraint names orchestrator ${orchestrator}, which this business does not read proofs from` })
  return requestJson(orchestrator, `/proofs/${encodeURIComponent(constraint.intent_id)}`, options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs })
}
