import { decodeInputValue, type InputValue } from '@verity/core'

/**
 * Decodes an InputMap's `fields` (tagged `{String|Int|Bool|Set}` or plain JSON values) into typed
 * values, naming each as `<scope>.<name>` in errors.
 */
export function decodeAttrs(fields: Record<string, unknown>, scope: 'intent' | 'evidence'): Record<string, InputValue> {
  const values: Record<string, InputValue> = {}
  for (const name of Object.keys(fields)) values[name] = decodeInputValue(fields[name], `${scope}.${name}`)
  return values
}
