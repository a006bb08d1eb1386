import type { CompiledTemplate } from '../ast/CompiledTemplate.ts'

/** The canonical bytes of a compiled template (format in docs/template-language.md). */
export function compiledBytes(compiled: CompiledTemplate): Uint8Array {
  void compiled
  throw new Error('compiledBytes: not implemented yet')
}
