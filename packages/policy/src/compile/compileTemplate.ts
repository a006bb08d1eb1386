import type { CompiledTemplate } from '../ast/CompiledTemplate.ts'
import { freezeTemplate } from '../ast/freezeTemplate.ts'
import { TemplateCompileError } from '../errors/TemplateCompileError.ts'
import { parseTemplate } from '../syntax/parseTemplate.ts'
import { checkTemplate } from './checkTemplate.ts'

/**
 * Compiles template source (DESIGN §4, docs/template-language.md) into a type-checked, frozen
 * template. Throws `TemplateCompileError` (with `line`, `column`) for anything else, and nothing else.
 * @example const compiled = compileTemplate(source); const id = templateId(compiled)
 */
export function compileTemplate(source: string): CompiledTemplate {
  if (typeof source !== 'string') throw new TemplateCompileError({ line: 1, column: 1, reason: 'template source must be text' })
  return freezeTemplate(checkTemplate(parseTemplate(source)))
}
