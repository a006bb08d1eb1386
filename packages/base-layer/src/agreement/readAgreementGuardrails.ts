// The `guardrails` of a submitAgreement request: each declared template is decoded from its bytes,
// re-checked by the policy language, matched against its id and refused when the policy circuit
// cannot prove it, so that settlement can rely on every stored template.
import { decodeBase64Url, isVerityError } from '@verity/core'
import { decodeCompiledTemplate, templateId } from '@verity/policy'
import { assertTemplateFitsCircuit } from '@verity/prover'
import { InvalidParamsError } from '../errors/requestErrors.ts'
import { AGREEMENT_GUARDRAILS_MAX, GUARDRAIL_TEMPLATE_CHARS_MAX } from '../limits.ts'
import type { AgreementGuardrail } from './Agreement.ts'

/** Checks `value` (absent → none); throws InvalidParamsError naming the entry and the reason. */
export function readAgreementGuardrails(method: string, value: unknown): AgreementGuardrail[] {
  if (value === undefined) return []
  const fail = (field: string, reason: string): never => {
    throw new InvalidParamsError({ method, field, reason })
  }
  if (!Array.isArray(value)) fail('guardrails', 'expected an array of { template_id, template }')
  const entries = value as unknown[]
  if (entries.length > AGREEMENT_GUARDRAILS_MAX) fail('guardrails', `expected at most ${AGREEMENT_GUARDRAILS_MAX} guardrails, got ${entries.length}`)
  const seen = new Set<string>()
  return entries.map((entry, index) => {
    const at = `guardrails[${index}]`
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) fail(at, 'expected an object { template_id, template }')
    const { template_id: id, template, ...rest } = entry as Record<string, unknown>
    for (const key of Object.keys(rest)) fail(`${at}.${key}`, 'unknown field')
    if (typeof id !== 'string' || id.length === 0 || id.length > 64) fail(`${at}.template_id`, 'expected a template id (base58)')
    if (typeof template !== 'string' || template.length === 0 || template.length > GUARDRAIL_TEMPLATE_CHARS_MAX)
      fail(`${at}.template`, `expected the base64url compiled template bytes, at most ${GUARDRAIL_TEMPLATE_CHARS_MAX} characters`)
    let bytes: Uint8Array
    try {
      bytes = decodeBase64Url(template as string)
    } catch {
      return fail(`${at}.template`, 'not base64url')
    }
    try {
      const compiled = decodeCompiledTemplate(bytes)
      const computed = templateId(compiled)
      if (computed !== id) fail(`${at}.template_id`, `the template's id is ${computed}, not ${String(id)}`)
      assertTemplateFitsCircuit(compiled)
    } catch (error) {
      if (error instanceof InvalidParamsError || !isVerityError(error)) throw error
      fail(`${at}.template`, error.message)
    }
    if (seen.has(id as string)) fail(`${at}.template_id`, 'duplicate template id')
    seen.add(id as string)
    return { template_id: id as string, template: template as string }
  })
}
