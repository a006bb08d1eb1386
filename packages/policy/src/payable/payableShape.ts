// A payable template (docs/template-language.md, "Payable templates"): its proofs can authorize one
// payment from the intent signer's vault (a domain's MandatePayment, docs/domain.md). The payment's
// token, ceiling and deadline are what the user signs; its price and payee are what the extractor
// established, with the token the payee accepts. Each of these six fields must be declared, required, with exactly this type.
import type { CompiledTemplate, FieldDecl } from '../ast/CompiledTemplate.ts'
import type { FieldScope, FieldType } from '../ast/Expr.ts'

/** The fields a payable template declares, by scope: name → type. */
export const PAYABLE_FIELDS: Readonly<Record<FieldScope, Readonly<Record<string, FieldType>>>> = Object.freeze({
  intent: Object.freeze({ payment_token: 'string', max_price_cents: 'int', payment_deadline_ms: 'int' } as const),
  evidence: Object.freeze({ price_cents: 'int', payee: 'string', payee_token: 'string' } as const),
})

/** Whether `template` is payable; when not, one line per field that is missing or declared otherwise. */
export type PayableShape = { isPayable: true } | { isPayable: false; problems: string[] }

/**
 * Tells a payable template from another (pure: the declarations only).
 * @example payableShape(compileTemplate(source)).isPayable // true for a template declaring the six payment fields
 */
export function payableShape(template: CompiledTemplate): PayableShape {
  const problems: string[] = []
  for (const scope of ['intent', 'evidence'] as const) {
    const declared = new Map<string, FieldDecl>(template[scope].map((field) => [field.name, field]))
    for (const [name, type] of Object.entries(PAYABLE_FIELDS[scope])) {
      const field = declared.get(name)
      if (field === undefined) problems.push(`${scope}.${name}: not declared (expected ${type})`)
      else if (field.isOptional) problems.push(`${scope}.${name}: declared optional (expected a required ${type})`)
      else if (field.type !== type) problems.push(`${scope}.${name}: declared ${field.type} (expected ${type})`)
    }
  }
  return problems.length === 0 ? { isPayable: true } : { isPayable: false, problems }
}
