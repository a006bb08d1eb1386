import type { CompiledTemplate } from '../ast/CompiledTemplate.ts'

/**
 * Compiles template source (DESIGN §4, docs/template-language.md) into a type-checked template.
 * Throws `TemplateCompileError` (with `line`, `column`) for anything else, and nothing else.
 * @example const compiled = compileTemplate(source); const id = templateId(compiled)
 */
export function compileTemplate(source: string): CompiledTemplate {
  void source
  throw new Error('compileTemplate: not implemented yet')
}
