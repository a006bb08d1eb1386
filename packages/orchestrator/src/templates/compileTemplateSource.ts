import { compiledBytes, compileTemplate, templateId, type CompiledTemplate } from '@verity/policy'
import type { TemplateRecord } from '../store/OrchestratorStore.ts'

/**
 * Compiles a template source and checks that the policy circuit can prove it. Throws
 * TemplateCompileError (with line and column) or the prover's error naming the exceeded bound.
 */
export function compileTemplateSource(
  source: string,
  assertTemplateFits: (compiled: CompiledTemplate) => void,
): {
  compiled: CompiledTemplate
  record: Omit<TemplateRecord, 'createdAtMs'>
} {
  const compiled = compileTemplate(source)
  assertTemplateFits(compiled)
  return { compiled, record: { id: templateId(compiled), source, compiled: compiledBytes(compiled) } }
}
