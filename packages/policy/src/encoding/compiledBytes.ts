import type { CompiledTemplate } from '../ast/CompiledTemplate.ts'
import { compiledText } from './compiledJson.ts'

// Frozen templates (all that compile and decode return) never change, so their bytes are cached;
// a WeakMap lets the GC bound the cache.
const cache = new WeakMap<CompiledTemplate, Uint8Array>()

/**
 * The canonical bytes of a compiled template: UTF-8 of the JCS (RFC 8785) serialization of
 * `compiledJson` (format in docs/template-language.md). Returns a fresh copy each call.
 */
export function compiledBytes(compiled: CompiledTemplate): Uint8Array {
  let bytes = cache.get(compiled)
  if (bytes === undefined) {
    bytes = new TextEncoder().encode(compiledText(compiled))
    if (Object.isFrozen(compiled)) cache.set(compiled, bytes)
  }
  return bytes.slice()
}
