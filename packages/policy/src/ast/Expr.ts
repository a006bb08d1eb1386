/**
 * The typed syntax tree of a constraint, as produced by the type checker. Nodes are frozen plain
 * objects tagged by `kind`; nothing mutates a node. The whole union lives in this one file (rather
 * than one file per node) because the circuit encoder and the visitors must see every kind at once,
 * and each visitor is a table keyed by `Expr['kind']`, so adding a kind fails to type-check until
 * every visitor handles it.
 *
 * Every node below is well typed: the checker has already rejected `int` vs `string`, sets compared
 * with `<`, non-boolean constraints and so on. Types of sub-expressions follow from the node kind
 * and `FieldRef.type`, so no other node carries a type.
 */

/** The type of a declared field (without `optional`, which lives on the declaration). */
export type FieldType = 'string' | 'int' | 'bool' | 'set<string>' | 'set<int>'

/** The element type of a set. */
export type SetElementType = 'string' | 'int'

/** Which schema block a field reference points into. */
export type FieldScope = 'intent' | 'evidence'

/** A comparison operator. Ordering operators (`<` `<=` `>` `>=`) apply to `int` only. */
export type CompareOp = '==' | '!=' | '<' | '<=' | '>' | '>='

/** `intent.name` or `evidence.name`; `type` is the declared type of that field. */
export type FieldRef = Readonly<{ kind: 'Field'; scope: FieldScope; name: string; type: FieldType }>

/** A string literal (`"White"`); `value` is the decoded text (escapes resolved). */
export type StringLiteral = Readonly<{ kind: 'StringLiteral'; value: string }>

/** An integer literal, a 64-bit signed value: -2^63 <= value <= 2^63 - 1. */
export type IntLiteral = Readonly<{ kind: 'IntLiteral'; value: bigint }>

/** `true` or `false`. */
export type BoolLiteral = Readonly<{ kind: 'BoolLiteral'; value: boolean }>

/**
 * A set literal `{...}`: the right-hand side of `in` / `not in`, or a side of a set relation. `elements` are sorted
 * (strings by UTF-16 code units, ints numerically) and deduplicated, so element order in the
 * source does not matter. `elementType` is taken from the left-hand side of `in` (or the other side
 * of a relation) when the literal is empty (`{}`). Elements are `string`s when `elementType` is 'string', `bigint`s when 'int'.
 */
export type SetLiteral = Readonly<{
  kind: 'SetLiteral'
  elementType: SetElementType
  elements: readonly (string | bigint)[]
}>

/**
 * `left op right`. Both operands have the same scalar type (`string`, `int` or `bool`); `==` and
 * `!=` apply to all three, the ordering operators to `int` only. Operands are never sets.
 */
export type Compare = Readonly<{ kind: 'Compare'; op: CompareOp; left: Expr; right: Expr }>

/**
 * A chained comparison `a <= x <= b` (3 or more operands): true when every adjacent pair holds,
 * i.e. `operands[i] ops[i] operands[i+1]` for all i. `ops.length === operands.length - 1`. All
 * operands are `int`; the ops are all from {`<`, `<=`} or all from {`>`, `>=`}.
 */
export type Chain = Readonly<{ kind: 'Chain'; ops: readonly CompareOp[]; operands: readonly Expr[] }>

/**
 * `element in set` (or `element not in set` when `negated`). `set` is a set-typed `FieldRef` or a
 * `SetLiteral`; `element` has the set's element type.
 */
export type Membership = Readonly<{ kind: 'In'; negated: boolean; element: Expr; set: FieldRef | SetLiteral }>

/**
 * A relation between two sets: `subset` (every element of `left` is in `right`), `superset` (every
 * element of `right` is in `left`), `intersects` (they share at least one element), `disjoint`
 * (they share none).
 */
export type SetRelationOp = 'subset' | 'superset' | 'intersects' | 'disjoint'

/** A set operand: a set-typed `FieldRef` or a `SetLiteral`. */
export type SetOperand = FieldRef | SetLiteral

/**
 * `left op right` over two sets of the same element type (`set<string>` or `set<int>`), at most
 * one of them a literal (a relation between two literals would not depend on any input).
 */
export type SetRelation = Readonly<{ kind: 'Relation'; op: SetRelationOp; left: SetOperand; right: SetOperand }>

/** `not operand`; the operand is boolean. */
export type Not = Readonly<{ kind: 'Not'; operand: Expr }>

/** `a and b and ...`: two or more boolean operands, flattened (no `And` directly inside an `And`). */
export type And = Readonly<{ kind: 'And'; operands: readonly Expr[] }>

/** `a or b or ...`: two or more boolean operands, flattened (no `Or` directly inside an `Or`). */
export type Or = Readonly<{ kind: 'Or'; operands: readonly Expr[] }>

/** Any expression. A constraint's expression is boolean-typed. */
export type Expr = FieldRef | StringLiteral | IntLiteral | BoolLiteral | SetLiteral | Compare | Chain | Membership | SetRelation | Not | And | Or

/** The relation keywords, as written in templates. */
export const SET_RELATION_OPS: readonly SetRelationOp[] = Object.freeze(['subset', 'superset', 'intersects', 'disjoint'])

/** Every `Expr['kind']`, for tables keyed by kind. */
export type ExprKind = Expr['kind']
