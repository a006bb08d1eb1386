import { VERITY_INTENT_CONSTRAINT_TYPE, type Static, type VerityIntentConstraint } from '@verity/wire'
import { readSignedIntent } from '../proofs/readSignedIntent.ts'

/**
 * The Verity constraint naming the intent of `signedIntent` (either shape, sealed or not) held by
 * the orchestrator at `orchestrator`: its id, template id and, for a sealed intent, its commitments.
 * @example const constraint = verityIntentConstraintOf((await orchestrator.getIntent(id)), orchestrator.baseUrl)
 */
export function verityIntentConstraintOf(signedIntent: unknown, orchestrator: string): Static<typeof VerityIntentConstraint> {
  const intent = readSignedIntent(signedIntent)
  const root = signedIntent as { payload?: { sealed?: { commitments?: Record<string, string> } }; intent?: { sealed?: { commitments?: Record<string, string> } } }
  const commitments = (root.payload ?? root.intent)?.sealed?.commitments
  return {
    type: VERITY_INTENT_CONSTRAINT_TYPE,
    orchestrator: orchestrator.replace(/\/+$/, ''),
    intent_id: intent.id,
    template_id: intent.templateId,
    ...(commitments === undefined ? {} : { commitments }),
  }
}
