import type { CompiledTemplate } from '@verity/policy'
import { payableShape } from '@verity/policy'
import { PayableIntentUnboundError } from '../errors/agentErrors.ts'

// Decided once per compiled template (the template cache keeps one object per template).
const isPayableByTemplate = new WeakMap<CompiledTemplate, boolean>()

/** Whether `compiled` is payable (docs/template-language.md, "Payable templates"): its intents must name their agents. */
export function templateNeedsAgents(compiled: CompiledTemplate): boolean {
  let needs = isPayableByTemplate.get(compiled)
  if (needs === undefined) {
    needs = payableShape(compiled).isPayable
    isPayableByTemplate.set(compiled, needs)
  }
  return needs
}

/**
 * POST /intents: refuses (PAYABLE_INTENT_UNBOUND) a payable intent that names no agents, whatever
 * its template constrains. Whoever proposes chooses the item, the quantity and the shipping
 * address, and no constraint over evidence can bind who receives the goods, so only the user's own
 * agent may propose for an intent that can pay (docs/protocol.md, "Agent-bound intents").
 */
export function assertPayableIntentBound(intent: { id: string; templateId: string; hasAgents: boolean }, compiled: CompiledTemplate): void {
  if (!intent.hasAgents && templateNeedsAgents(compiled)) throw new PayableIntentUnboundError({ intentId: intent.id, templateId: intent.templateId })
}
