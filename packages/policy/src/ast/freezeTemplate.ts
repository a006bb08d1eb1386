import type { CompiledTemplate } from './CompiledTemplate.ts'

/** Freezes a template and everything in it, so no caller can mutate a shared template. */
export function freezeTemplate(template: CompiledTemplate): CompiledTemplate {
  return freezeDeep(template)
}

function freezeDeep<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) freezeDeep(inner)
    Object.freeze(value)
  }
  return value
}
