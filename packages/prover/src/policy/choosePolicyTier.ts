import type { CompiledTemplate, Expr, InputValue } from '@verity/policy'
import { CircuitBoundsError } from '../errors/proverErrors.ts'
import { compilePolicyProgram } from './compilePolicyProgram.ts'
import { POLICY_TIERS, POLICY_TIER_SETS, POLICY_TIER_UNIVERSAL, type PolicyTier } from './policyTiers.ts'

/** The values a proof is made over: a set holding more elements than a tier's rows goes to a larger tier. */
export type PolicyTierValues = { attrs: Record<string, InputValue>; evidence: Record<string, InputValue> }

/**
 * The smallest tier of the policy circuit that can prove `compiled` (its proofs are the fastest)
 * and, when `values` are given, whose set rows hold every set value of the attrs and the evidence
 * (the template's tier, chosen when it is stored, is the one without values). A template with a
 * set relation fits only the sets tier. Throws the CircuitBoundsError of the tier that came
 * closest (the sets tier's for a template with a relation, else the universal tier's) when the
 * template fits no tier, or UnsupportedConstructError; a set too large for every tier is left to
 * the encoder, which names the field.
 */
export function choosePolicyTier(compiled: CompiledTemplate, values?: PolicyTierValues): PolicyTier {
  const elementsMax = values === undefined ? 0 : largestSet(compiled, values)
  for (const tier of POLICY_TIERS) {
    if (tier !== POLICY_TIER_SETS && elementsMax > tier.setSize) continue
    if (boundExceeded(compiled, tier) === undefined) return tier
  }
  const hasRelations = compiled.requires.some((constraint) => usesRelation(constraint.expr))
  const universal = boundExceeded(compiled, POLICY_TIER_UNIVERSAL)
  // Fits the universal tier but a set value is too large for it: the encoder names the field.
  if (!hasRelations && universal === undefined) return POLICY_TIER_UNIVERSAL
  throw hasRelations ? boundExceeded(compiled, POLICY_TIER_SETS)! : universal!
}

/** The bound `compiled` exceeds on `tier`, or undefined when it fits (other errors are thrown). */
function boundExceeded(compiled: CompiledTemplate, tier: PolicyTier): CircuitBoundsError | undefined {
  try {
    compilePolicyProgram(compiled, tier)
    return undefined
  } catch (error) {
    if (error instanceof CircuitBoundsError) return error
    throw error
  }
}

function usesRelation(expr: Expr): boolean {
  switch (expr.kind) {
    case 'Relation':
      return true
    case 'Not':
      return usesRelation(expr.operand)
    case 'And':
    case 'Or':
    case 'Chain':
      return expr.operands.some(usesRelation)
    case 'Compare':
      return usesRelation(expr.left) || usesRelation(expr.right)
    default:
      return false
  }
}

/** Distinct elements of the largest set value among the template's set fields (as the encoder counts them). */
function largestSet(compiled: CompiledTemplate, values: PolicyTierValues): number {
  let elementsMax = 0
  for (const { elements } of setSizes(compiled, values)) elementsMax = Math.max(elementsMax, elements)
  return elementsMax
}

/** Each set value among the template's set fields: its field path and distinct elements (as the encoder counts them). */
function* setSizes(compiled: CompiledTemplate, values: PolicyTierValues): Generator<{ path: string; elements: number }> {
  for (const [decls, scope, name] of [[compiled.intent, values.attrs, 'intent'], [compiled.evidence, values.evidence, 'evidence']] as const) {
    for (const decl of decls) {
      const value = scope[decl.name]
      if ((decl.type !== 'set<string>' && decl.type !== 'set<int>') || !Array.isArray(value)) continue
      const distinct = new Set((value as readonly InputValue[]).map((element) => (typeof element === 'number' ? BigInt(element) : element)))
      yield { path: `${name}.${decl.name}`, elements: distinct.size }
    }
  }
}

/**
 * Throws CircuitBoundsError naming the set field when a set of `values` holds more distinct
 * elements than every tier that can prove `compiled` holds: an intent whose attrs no proof can hold
 * is refused when it is submitted, not when its proposal is proven. A template that fits no tier
 * is not this function's concern (its push was refused).
 */
export function assertSetsFitCircuit(compiled: CompiledTemplate, values: PolicyTierValues): void {
  let widest: PolicyTier | undefined
  for (const tier of POLICY_TIERS) {
    if (boundExceeded(compiled, tier) === undefined && (widest === undefined || tier.setSize > widest.setSize)) widest = tier
  }
  if (widest === undefined) return
  for (const { path, elements } of setSizes(compiled, values)) {
    if (elements > widest.setSize)
      throw new CircuitBoundsError({ circuit: widest.circuit, bound: `elements of set field ${path}`, limit: widest.setSize, got: elements })
  }
}
