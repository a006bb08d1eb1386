// Public API of @verity/policy. Re-exports only.
export type { CompiledTemplate, Constraint, FieldDecl, Schema } from './ast/CompiledTemplate.ts'
export { schemaOf } from './ast/CompiledTemplate.ts'
export type {
  And, BoolLiteral, Chain, Compare, CompareOp, Expr, ExprKind, FieldRef, FieldScope, FieldType, IntLiteral,
  Membership, Not, Or, SetElementType, SetLiteral, SetOperand, SetRelation, SetRelationOp, StringLiteral,
} from './ast/Expr.ts'
export { SET_RELATION_OPS } from './ast/Expr.ts'
export type { InputValue } from './values/InputValue.ts'
export { TemplateCompileError } from './errors/TemplateCompileError.ts'
export { InputDataError, type InputProblem, type InputProblemKind } from './errors/InputDataError.ts'
export { InvalidCompiledTemplateError } from './errors/InvalidCompiledTemplateError.ts'
export { compileTemplate } from './compile/compileTemplate.ts'
export { compiledBytes } from './encoding/compiledBytes.ts'
export { templateId } from './encoding/templateId.ts'
export { decodeCompiledTemplate } from './encoding/decodeCompiledTemplate.ts'
export { formatTemplate } from './format/formatTemplate.ts'
export { formatExpression } from './format/formatExpression.ts'
export type { ConstraintFailure, EvaluationResult } from './evaluate/ConstraintFailure.ts'
export { evaluateTemplate } from './evaluate/evaluateTemplate.ts'
export { checkInputs } from './evaluate/checkInputs.ts'
export * as limits from './limits.ts'
export { describeConstraint, constraintApplies } from './describe/describeConstraint.ts'
export { payableShape, PAYABLE_FIELDS, type PayableShape } from './payable/payableShape.ts'
