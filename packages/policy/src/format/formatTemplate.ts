import type { CompiledTemplate } from '../ast/CompiledTemplate.ts'

/**
 * Pretty-prints a compiled template as source text (what GET /templates/{id} returns). The text
 * compiles to the same template id, and formatting is idempotent.
 */
export function formatTemplate(compiled: CompiledTemplate): string {
  void compiled
  throw new Error('formatTemplate: not implemented yet')
}
