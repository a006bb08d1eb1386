// Reads and compiles the configured guardrail templates once at startup.
import { readFileSync } from 'node:fs'
import { decodeInputFields, InvalidOptionError } from '@verity/core'
import { compileTemplate, templateId } from '@verity/policy'
import type { GuardrailConfig } from '../config/DomainConfig.ts'
import type { Guardrail } from './Guardrail.ts'

/**
 * Compiles each guardrail's template; `checkFits` (the prover's assertTemplateFitsCircuit) refuses
 * a template the policy circuit cannot prove. Throws InvalidOptionError naming the file.
 */
export function loadGuardrails(configs: readonly GuardrailConfig[], checkFits: (compiled: Guardrail['compiled']) => void = () => {}): Guardrail[] {
  return configs.map((config) => {
    let source: string
    try {
      source = readFileSync(config.templateFile, 'utf8')
    } catch (cause) {
      throw new InvalidOptionError({ option: config.templateFile, reason: `guardrail ${config.name}: cannot read: ${(cause as Error).message}` })
    }
    try {
      const compiled = compileTemplate(source)
      checkFits(compiled)
      const defaultIntent = decodeInputFields(config.intent, `guardrails.${config.name}.intent`)
      return Object.freeze({ name: config.name, compiled, templateId: templateId(compiled), defaultIntent })
    } catch (error) {
      throw new InvalidOptionError({ option: config.templateFile, reason: `guardrail ${config.name}: ${(error as Error).message}` })
    }
  })
}
