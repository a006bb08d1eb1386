import { INT_MAX, INT_MIN } from '../limits.ts'
import type { AttributeValue } from '../product/Product.ts'
import type { EvidenceBaseType } from './parseEvidenceSchema.ts'

/** An evidence value: `int` is a bigint inside and a JSON integer on the wire; sets are arrays without repeats. */
export type EvidenceValue = string | bigint | boolean | readonly string[] | readonly bigint[]

const INTEGER_TEXT = /^-?(0|[1-9]\d{0,18})$/

function toInt(value: string | bigint | boolean): bigint | undefined {
  // An integer written as text ("16") is the same integer; anything else ("16 GB", "1.5") is not.
  const int = typeof value === 'bigint' ? value : typeof value === 'string' && INTEGER_TEXT.test(value) ? BigInt(value) : undefined
  return int !== undefined && int >= INT_MIN && int <= INT_MAX ? int : undefined
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)]
}

/**
 * Converts a product value to the schema's type, or returns undefined when it is of another type:
 * no rounding, no parsing of units, no truthiness. A scalar becomes a one-element set for set types.
 */
export function coerceEvidenceValue(value: AttributeValue, type: EvidenceBaseType): EvidenceValue | undefined {
  const elements: readonly (string | bigint | boolean)[] = Array.isArray(value) ? value : [value as string | bigint | boolean]
  switch (type) {
    case 'string':
      return typeof value === 'string' ? value : undefined
    case 'int':
      return Array.isArray(value) ? undefined : toInt(value as string | bigint | boolean)
    case 'bool':
      return typeof value === 'boolean' ? value : undefined
    case 'set<string>':
      return elements.every((element) => typeof element === 'string') ? unique(elements as string[]) : undefined
    case 'set<int>': {
      const ints = elements.map(toInt)
      return ints.every((int) => int !== undefined) ? unique(ints as bigint[]) : undefined
    }
  }
}

/** A key equal for equal evidence values (sets compare without order). */
export function evidenceValueKey(value: EvidenceValue): string {
  if (!Array.isArray(value)) return `${typeof value}:${String(value)}`
  const keys = (value as readonly (string | bigint)[]).map((element) => `${typeof element}:${String(element)}`)
  return `set:${JSON.stringify(keys.sort())}`
}
