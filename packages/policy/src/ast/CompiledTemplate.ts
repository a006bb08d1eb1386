import type { Expr, FieldScope, FieldType } from './Expr.ts'

/** One `name: type` line of a schema block. `isOptional` is true for `optional <type>`. */
export type FieldDecl = Readonly<{ name: string; type: FieldType; isOptional: boolean }>

/** A schema block (`intent` or `evidence`): declarations sorted by `name` (UTF-16 order), unique. */
export type Schema = readonly FieldDecl[]

/**
 * One constraint of `requires`. When `isOptional` (the `optional:` prefix), the constraint is
 * checked only when every optional intent field it references is present; `guardFields` lists
 * those fields (names in the intent schema, sorted, non-empty exactly when `isOptional`). A
 * constraint without the prefix never references an optional field.
 */
export type Constraint = Readonly<{ isOptional: boolean; guardFields: readonly string[]; expr: Expr }>

/**
 * A type-checked template: what `compileTemplate` returns and `decodeCompiledTemplate` loads.
 * Frozen (deeply). Its canonical bytes (`compiledBytes`) and id (`templateId`) depend only on
 * meaning: not on whitespace, comments, field order in a schema or element order of set literals.
 *
 * `evidence` and `requires` are non-empty; `intent` may be empty. Optional fields appear only in
 * `intent` (evidence is what the extractor established; a missing evidence field is an input error).
 */
export type CompiledTemplate = Readonly<{
  name: string
  intent: Schema
  evidence: Schema
  requires: readonly Constraint[]
}>

/** The schema of `scope` in `template`. */
export function schemaOf(template: CompiledTemplate, scope: FieldScope): Schema {
  return scope === 'intent' ? template.intent : template.evidence
}
