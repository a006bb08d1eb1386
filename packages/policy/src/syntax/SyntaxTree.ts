import type { CompareOp, FieldScope, FieldType, SetRelationOp } from '../ast/Expr.ts'
import type { Position } from './Token.ts'

// The parser's output: the template as written, with positions, before names and types are
// resolved. The checker (compile/checkTemplate.ts) turns it into a CompiledTemplate.

export type SyntaxExpr =
  | Readonly<{ kind: 'Field'; scope: FieldScope; name: string; pos: Position }>
  | Readonly<{ kind: 'Word'; text: string; pos: Position }>
  | Readonly<{ kind: 'String'; value: string; pos: Position }>
  | Readonly<{ kind: 'Int'; value: bigint; pos: Position }>
  | Readonly<{ kind: 'Bool'; value: boolean; pos: Position }>
  | Readonly<{ kind: 'SetLiteral'; elements: readonly SyntaxSetElement[]; pos: Position }>
  | Readonly<{ kind: 'Compare'; ops: readonly SyntaxOp[]; operands: readonly SyntaxExpr[]; pos: Position }>
  | Readonly<{ kind: 'In'; negated: boolean; element: SyntaxExpr; set: SyntaxExpr; pos: Position }>
  | Readonly<{ kind: 'Relation'; op: SetRelationOp; left: SyntaxExpr; right: SyntaxExpr; pos: Position }>
  | Readonly<{ kind: 'Not'; operand: SyntaxExpr; pos: Position }>
  | Readonly<{ kind: 'And' | 'Or'; operands: readonly SyntaxExpr[]; pos: Position }>

export type SyntaxSetElement =
  | Readonly<{ kind: 'String'; value: string; pos: Position }>
  | Readonly<{ kind: 'Int'; value: bigint; pos: Position }>

export type SyntaxOp = Readonly<{ op: CompareOp; pos: Position }>

export type SyntaxDecl = Readonly<{ name: string; pos: Position; type: FieldType; isOptional: boolean }>

export type SyntaxBlock<T> = Readonly<{ items: readonly T[]; pos: Position }>

export type SyntaxConstraint = Readonly<{ isOptional: boolean; pos: Position; expr: SyntaxExpr }>

export type SyntaxTemplate = Readonly<{
  name: string
  intent: SyntaxBlock<SyntaxDecl> | undefined
  evidence: SyntaxBlock<SyntaxDecl> | undefined
  requires: SyntaxBlock<SyntaxConstraint> | undefined
  endPos: Position
}>
