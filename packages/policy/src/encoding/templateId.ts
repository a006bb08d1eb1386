import { hashDigest, type HashDigest } from '@verity/core'
import type { CompiledTemplate } from '../ast/CompiledTemplate.ts'
import { compiledBytes } from './compiledBytes.ts'

/** The template id: base58(SHA-256(compiledBytes(compiled))). */
export function templateId(compiled: CompiledTemplate): HashDigest {
  return hashDigest(compiledBytes(compiled))
}
