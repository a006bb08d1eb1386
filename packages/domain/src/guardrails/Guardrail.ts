import type { CompiledTemplate, InputValue } from '@verity/policy'

/** A loaded guardrail: a template in the policy language, checked on every transaction. */
export type Guardrail = Readonly<{
  name: string
  compiled: CompiledTemplate
  /** base58 template id (SHA-256 of the compiled bytes) */
  templateId: string
  /** intent values used at execution and when POST /sdls/{hash}/prove has no body */
  defaultIntent: Readonly<Record<string, InputValue>>
}>
