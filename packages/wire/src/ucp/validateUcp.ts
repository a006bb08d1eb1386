import type { Static, TSchema } from 'typebox'
import { Compile, type Validator } from 'typebox/compile'

/** One way a value breaks a UCP schema: the JSON pointer of the spot (`/product/variants/0/price/amount`) and what is wrong. */
export type UcpSchemaViolation = Readonly<{ path: string; message: string }>

export type UcpValidation<T extends TSchema> = { ok: true; value: Static<T> } | { ok: false; violations: readonly UcpSchemaViolation[] }

/** Most violations one validation reports (a hostile reply can break a schema in a million places). */
export const UCP_VIOLATIONS_REPORTED_MAX = 8

const validators = new WeakMap<TSchema, Validator>()

function validatorOf(schema: TSchema): Validator {
  let validator = validators.get(schema)
  if (validator === undefined) {
    validator = Compile(schema) as unknown as Validator
    validators.set(schema, validator)
  }
  return validator
}

/**
 * Checks `value` against one of the UCP schemas of @verity/wire (compiled once per schema).
 * Returns the value typed, or the first violations (at most UCP_VIOLATIONS_REPORTED_MAX), each
 * with the JSON pointer of the spot.
 * @example const checked = validateUcp(UcpGetProductReply, JSON.parse(body)); if (!checked.ok) console.log(checked.violations[0])
 */
export function validateUcp<T extends TSchema>(schema: T, value: unknown): UcpValidation<T> {
  const validator = validatorOf(schema)
  if (validator.Check(value)) return { ok: true, value: value as Static<T> }
  const violations = validator
    .Errors(value)
    .slice(0, UCP_VIOLATIONS_REPORTED_MAX)
    .map((error) => ({ path: error.instancePath === '' ? '/' : error.instancePath, message: error.message }))
  return { ok: false, violations }
}

/** Describes violations in one line for error messages: `/product/variants/0/price/amount: must be integer`. */
export function describeUcpViolations(violations: readonly UcpSchemaViolation[]): string {
  return violations.map((violation) => `${violation.path}: ${violation.message}`).join('; ')
}
