// What the domain agreement declares for the configured guardrails: each template by id, with its
// compiled bytes, so the base layer can recompute every guardrail proof's public inputs.
import { encodeBase64Url } from '@verity/core'
import { compiledBytes } from '@verity/policy'
import type { AgreementGuardrail } from '@verity/base-layer'
import type { Guardrail } from './Guardrail.ts'

/** The agreement's `guardrails` entries, in the order the guardrail proofs of each transaction follow. */
export function agreementGuardrails(guardrails: readonly Guardrail[]): AgreementGuardrail[] {
  return guardrails.map((guardrail) => ({ template_id: guardrail.templateId, template: encodeBase64Url(compiledBytes(guardrail.compiled)) }))
}
