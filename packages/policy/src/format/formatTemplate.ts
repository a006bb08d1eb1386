import type { CompiledTemplate, Schema } from '../ast/CompiledTemplate.ts'
import { formatExpression } from './formatExpression.ts'

/**
 * Pretty-prints a compiled template as source text (what GET /templates/{id} returns): blocks in
 * the order intent, evidence, requires, two-space indentation, fields sorted by name, no comments.
 * The text compiles to the same template id, and formatting it again gives the same text.
 * An empty `intent` block is left out (it means the same as none).
 */
export function formatTemplate(compiled: CompiledTemplate): string {
  const parts = [`name ${compiled.name}\n`]
  if (compiled.intent.length > 0) parts.push(formatSchema('intent', compiled.intent))
  parts.push(formatSchema('evidence', compiled.evidence))
  const lines = compiled.requires.map((constraint) => `  ${constraint.isOptional ? 'optional: ' : ''}${formatExpression(constraint.expr)};\n`)
  parts.push(`requires {\n${lines.join('')}}\n`)
  return parts.join('\n')
}

function formatSchema(title: string, schema: Schema): string {
  const lines = schema.map((decl) => `  ${decl.name}: ${decl.isOptional ? 'optional ' : ''}${decl.type}\n`)
  return `${title} {\n${lines.join('')}}\n`
}
