import type { CompareOp, Expr } from '../ast/Expr.ts'
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
  Not: (expr) => {
    const operand = compileExpression(expr.operand)
    return (intent, evidence) => !operand(intent, evidence)
  },
  And: (expr) => all(expr.operands.map(compileExpression)),
  Or: (expr) => any(expr.operands.map(compileExpression)),
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
