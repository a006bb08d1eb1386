/**
 * A constraint of `requires` that evaluated to false: `index` is zero-based in `requires`,
 * `pretty_expr` the constraint pretty-printed (without the `optional:` prefix), `reason` shows the
 * values, e.g. `evidence.color == "White" evaluated to false (evidence.color = "Multicolor")`.
 */
export type ConstraintFailure = { index: number; pretty_expr: string; reason: string }

/** The outcome of `evaluateTemplate`: pass, or every failed constraint in `requires` order. */
export type EvaluationResult = { ok: true } | { ok: false; failures: ConstraintFailure[] }
