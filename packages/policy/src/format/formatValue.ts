import type { NormalizedValue } from '../evaluate/NormalizedValue.ts'
import { compareSetElements } from '../values/compareSetElements.ts'
import { formatString } from './formatString.ts'

/** Set elements shown in a failure reason before the rest is summarised. */
const SHOWN_ELEMENTS_MAX = 16

/** A value as template source shows it: `"text"`, `42`, `true`, `{"a", "b"}` (sets sorted). */
export function formatValue(value: NormalizedValue): string {
  if (typeof value === 'string') return formatString(value)
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value)
  const elements = [...value].sort(compareSetElements)
  const shown = elements.slice(0, SHOWN_ELEMENTS_MAX).map((element) => (typeof element === 'string' ? formatString(element) : String(element)))
  if (elements.length > SHOWN_ELEMENTS_MAX) shown.push(`… ${elements.length - SHOWN_ELEMENTS_MAX} more`)
  return `{${shown.join(', ')}}`
}
