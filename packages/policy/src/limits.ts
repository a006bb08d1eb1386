import assert from 'node:assert/strict'
import { limits as coreLimits } from '@verity/core'

// Every bound of the template language and of evaluation inputs. Exceeding one is a
// TemplateCompileError (source) or an InputDataError (values) that names the limit.
// The policy circuit (packages/prover) has its own, possibly smaller, bounds on clauses and
// slots; `assertTemplateFitsCircuit` checks those. The language limits here are at least as
// large, so any template the circuit accepts also compiles.

/** Size of a template source, in UTF-8 bytes (64 KiB): far above any hand-written template. */
export const TEMPLATE_SOURCE_BYTES_MAX = 64 * 1024

/** Fields declared in one schema block (`intent` or `evidence`): core's, shared with the extractor. */
export const SCHEMA_FIELDS_MAX = coreLimits.SCHEMA_FIELDS_MAX

/** Constraints in `requires`. */
export const CONSTRAINTS_MAX = 256

/** Elements of one set literal `{...}` (after deduplication and before). */
export const SET_LITERAL_ELEMENTS_MAX = 256

/**
 * Nesting depth of an expression (each `not`, `and`/`or`, comparison, `in` and parenthesis adds
 * one). Bounds the recursion of the parser, checker, printer and evaluator.
 */
export const EXPRESSION_DEPTH_MAX = 32

/** Nodes in one constraint's expression. Bounds evaluation cost per constraint. */
export const EXPRESSION_NODES_MAX = 1024

/** A string literal, in UTF-8 bytes after escapes are resolved. */
export const STRING_LITERAL_BYTES_MAX = 1024

/** An identifier (template name or field name), in characters. */
export const IDENTIFIER_LENGTH_MAX = 64

/** A string input value (attribute or evidence), in UTF-8 bytes. */
export const INPUT_STRING_BYTES_MAX = 4096

/** Elements of one set input value: core's InputMap bound. */
export const INPUT_SET_ELEMENTS_MAX = coreLimits.INPUT_SET_ELEMENTS_MAX

/**
 * Problems one InputDataError lists (every field of both schemas, plus as many unknown fields):
 * past it, further problems are not collected.
 */
export const INPUT_PROBLEMS_MAX = 4 * SCHEMA_FIELDS_MAX

/** Smallest and largest `int`: 64-bit signed, core's InputMap bounds. */
export const INT_MIN = coreLimits.INPUT_INT_MIN
export const INT_MAX = coreLimits.INPUT_INT_MAX

// A maximal template must fit in a source of the maximal size, or the source limit is a lie about
// what can be written (each declaration takes at least 4 bytes, each constraint at least 2).
assert(2 * SCHEMA_FIELDS_MAX * 4 + CONSTRAINTS_MAX * 2 <= TEMPLATE_SOURCE_BYTES_MAX)
// Any string literal must be usable as an input value.
assert(STRING_LITERAL_BYTES_MAX <= INPUT_STRING_BYTES_MAX)
assert(SET_LITERAL_ELEMENTS_MAX <= INPUT_SET_ELEMENTS_MAX)

/** Compiled template bytes accepted by `decodeCompiledTemplate` (256 KiB). */
export const COMPILED_TEMPLATE_BYTES_MAX = 256 * 1024
