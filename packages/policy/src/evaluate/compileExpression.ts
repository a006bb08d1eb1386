import type { CompareOp, Expr, SetRelationOp } from '../ast/Expr.ts'
import type { NormalizedRecord, NormalizedValue } from './NormalizedValue.ts'

/** An expression turned into a closure over the normalized intent and evidence records. */
export type Evaluator = (intent: NormalizedRecord, evidence: NormalizedRecord) => NormalizedValue

// Walking the tree per evaluation was several times slower than closures built once per template.
// Values are already type-checked (compiler) and normalized (inputs), so closures cast freely.
const build: { [K in Expr['kind']]: (expr: Extract<Expr, { kind: K }>) => Evaluator } = {
  Field: (expr) => {
    const name = expr.name
    return expr.scope === 'intent' ? (intent) => intent[name]! : (_, evidence) => evidence[name]!
  },
  StringLiteral: (expr) => constant(expr.value),
  IntLiteral: (expr) => constant(expr.value),
  BoolLiteral: (expr) => constant(expr.value),
  SetLiteral: (expr) => constant(new Set(expr.elements)),
  Compare: (expr) => compare(expr.op, compileExpression(expr.left), compileExpression(expr.right)),
  Chain: (expr) => {
    const operands = expr.operands.map(compileExpression)
    return all(expr.ops.map((op, index) => compare(op, operands[index]!, operands[index + 1]!)))
  },
  In: (expr) => {
    const element = compileExpression(expr.element)
    const set = compileExpression(expr.set) as (intent: NormalizedRecord, evidence: NormalizedRecord) => ReadonlySet<unknown>
    return expr.negated
      ? (intent, evidence) => !set(intent, evidence).has(element(intent, evidence))
      : (intent, evidence) => set(intent, evidence).has(element(intent, evidence))
  },
  Relation: (expr) => {
    const left = compileExpression(expr.left) as SetEvaluator
    const right = compileExpression(expr.right) as SetEvaluator
    const holds = RELATIONS[expr.op]
    return (intent, evidence) => holds(left(intent, evidence), right(intent, evidence))
  },
  Not: (expr) => {
    const operand = compileExpression(expr.operand)
    return (intent, evidence) => !operand(intent, evidence)
  },
  And: (expr) => all(expr.operands.map(compileExpression)),
  Or: (expr) => any(expr.operands.map(compileExpression)),
}

type SetEvaluator = (intent: NormalizedRecord, evidence: NormalizedRecord) => ReadonlySet<unknown>

/** Whether each relation holds between two sets (`left op right`). */
export const RELATIONS: { readonly [K in SetRelationOp]: (left: ReadonlySet<unknown>, right: ReadonlySet<unknown>) => boolean } = {
  subset: (left, right) => isSubset(left, right),
  superset: (left, right) => isSubset(right, left),
  intersects: (left, right) => intersects(left, right),
  disjoint: (left, right) => !intersects(left, right),
}

function isSubset(small: ReadonlySet<unknown>, large: ReadonlySet<unknown>): boolean {
  for (const element of small) if (!large.has(element)) return false
  return true
}

function intersects(left: ReadonlySet<unknown>, right: ReadonlySet<unknown>): boolean {
  const [small, large] = left.size <= right.size ? [left, right] : [right, left]
  for (const element of small) if (large.has(element)) return true
  return false
}

/** Builds the closure that evaluates `expr`. */
export function compileExpression(expr: Expr): Evaluator {
  return (build[expr.kind] as (expr: Expr) => Evaluator)(expr)
}

// Short-circuiting conjunction; the two-operand case (most `and`s and chains) avoids the loop.
function all(operands: readonly Evaluator[]): Evaluator {
  const [first, second] = operands
  if (operands.length === 2) return (intent, evidence) => first!(intent, evidence) === true && second!(intent, evidence) === true
  return (intent, evidence) => {
    for (const operand of operands) if (operand(intent, evidence) !== true) return false
    return true
  }
}

function any(operands: readonly Evaluator[]): Evaluator {
  const [first, second] = operands
  if (operands.length === 2) return (intent, evidence) => first!(intent, evidence) === true || second!(intent, evidence) === true
  return (intent, evidence) => {
    for (const operand of operands) if (operand(intent, evidence) === true) return true
    return false
  }
}

function constant(value: NormalizedValue): Evaluator {
  return () => value
}

// Operands of `<` etc. are ints (bigints); `==` / `!=` compare strings, bigints or bools by value.
function compare(op: CompareOp, left: Evaluator, right: Evaluator): Evaluator {
  switch (op) {
    case '==':
      return (intent, evidence) => left(intent, evidence) === right(intent, evidence)
    case '!=':
      return (intent, evidence) => left(intent, evidence) !== right(intent, evidence)
    case '<':
      return (intent, evidence) => left(intent, evidence) < right(intent, evidence)
    case '<=':
      return (intent, evidence) => left(intent, evidence) <= right(intent, evidence)
    case '>':
      return (intent, evidence) => left(intent, evidence) > right(intent, evidence)
    case '>=':
      return (intent, evidence) => left(intent, evidence) >= right(intent, evidence)
  }
}
