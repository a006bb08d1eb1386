import type { CompiledTemplate } from '@verity/policy'
import { payableShape, payeeBindingOf } from '@verity/policy'
import { PayableIntentUnboundError } from '../errors/agentErrors.ts'

// Decided once per compiled template (the template cache keeps one object per template).
const needsAgentsByTemplate = new WeakMap<CompiledTemplate, boolean>()

/** A payable template whose payee no constraint ties to what the user signs: its intents must name their agents. */
export function templateNeedsAgents(compiled: CompiledTemplate): boolean {
  let needs = needsAgentsByTemplate.get(compiled)
  if (needs === undefined) {
    needs = payableShape(compiled).isPayable && payeeBindingOf(compiled) === undefined
    needsAgentsByTemplate.set(compiled, needs)
  }
  return needs
}

/**
 * POST /intents: refuses (PAYABLE_INTENT_UNBOUND) a payable intent that neither names its agents
 * nor has a template tying the payee to what the user signed (docs/protocol.md, "Agent-bound intents").
 */
export function assertPayableIntentBound(intent: { id: string; templateId: string; hasAgents: boolean }, compiled: CompiledTemplate): void {
  if (!intent.hasAgents && templateNeedsAgents(compiled)) throw new PayableIntentUnboundError({ intentId: intent.id, templateId: intent.templateId })
}
