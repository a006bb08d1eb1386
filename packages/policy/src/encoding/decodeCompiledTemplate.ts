import type { CompiledTemplate } from '../ast/CompiledTemplate.ts'

/**
 * Loads a compiled template back from its canonical bytes, re-checking every rule the compiler
 * enforces. Throws `InvalidCompiledTemplateError` for bytes that are not a valid compiled template.
 */
export function decodeCompiledTemplate(bytes: Uint8Array): CompiledTemplate {
  void bytes
  throw new Error('decodeCompiledTemplate: not implemented yet')
}
