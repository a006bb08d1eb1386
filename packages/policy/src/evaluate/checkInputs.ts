import type { Schema } from '../ast/CompiledTemplate.ts'
import type { FieldScope } from '../ast/Expr.ts'
import { normalizeInputs } from './normalizeInputs.ts'

/**
 * Checks `values` against `schema`: every required field present, no unknown field, each value of
 * the declared type (ints within int64, sizes within limits). Throws `InputDataError` naming the
 * field as `<prefix>.<name>`, e.g. `input data error: missing required field intent.size`.
 * @example checkInputs(compiled.intent, attrs, 'intent') // at intent submission
 */
export function checkInputs(schema: Schema, values: Record<string, unknown>, prefix: FieldScope): void {
  normalizeInputs(schema, values, prefix)
}
