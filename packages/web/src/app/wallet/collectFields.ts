import type { FieldDecl, InputValue } from '@verity/policy'
import { fieldJson, parseFieldInput, type FieldInput } from './parseFieldInput.ts'

export type CollectedFields = { values: Record<string, InputValue>; json: Record<string, unknown>; isValid: boolean }

/** Every field's value (absent optional fields left out), as InputValues for the preview and as JSON for the intent. */
export function collectFields(fields: readonly FieldDecl[], inputs: Record<string, FieldInput>): CollectedFields {
  const values: Record<string, InputValue> = {}
  const json: Record<string, unknown> = {}
  let isValid = true
  for (const field of fields) {
    const parsed = parseFieldInput(field, inputs[field.name] ?? { text: '', checked: false })
    if (!parsed.ok) isValid = false
    else if (parsed.value !== undefined) {
      values[field.name] = parsed.value
      json[field.name] = fieldJson(parsed.value)
    }
  }
  return { values, json, isValid }
}
