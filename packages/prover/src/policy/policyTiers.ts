import assert from 'node:assert/strict'
import {
  POLICY_ATOMS, POLICY_ATTR_SETS, POLICY_ATTR_SLOTS, POLICY_CONSTANTS, POLICY_EVIDENCE_SETS, POLICY_EVIDENCE_SLOTS,
  POLICY_LAYERS, POLICY_LAYER_WIDTH, POLICY_LITERAL_SETS, POLICY_SET_SIZE, POLICY_SETS_EVIDENCE_SETS,
  POLICY_SETS_LITERAL_SETS, POLICY_SETS_RELATIONS, POLICY_SETS_SET_SIZE,
} from '../limits.ts'

/**
 * One size tier of the policy circuit: the same logic (circuits/policy_core) compiled with these
 * sizes (circuits/<circuit>/src/main.nr, a test checks them against the ABI), with its own
 * verification key. Proving time follows the circuit's power-of-two size, so a statement is proven
 * on the smallest tier it fits (`choosePolicyTier`), and a verifier picks the tier, hence the key,
 * by the artifact's `circuit` (`policyTierOf`).
 */
export type PolicyTier = Readonly<{
  /** Folder under circuits/ and the artifact's `circuit`. */
  circuit: PolicyCircuitName
  /** Scalar intent attribute slots (string, int, bool fields of `intent`). */
  attrSlots: number
  /** Scalar evidence slots. */
  evidenceSlots: number
  /** Distinct scalar constants (literals) of a template. */
  constants: number
  /** Set-valued intent fields. */
  attrSets: number
  /** Set-valued evidence fields. */
  evidenceSets: number
  /** Distinct set literals of a template. */
  literalSets: number
  /** Elements in one set (a set field's value or a set literal). */
  setSize: number
  /** Atoms (comparisons, memberships, presence tests, constants). */
  atoms: number
  /** Set relations (subset, superset, intersects, disjoint); 0 on every tier but the sets tier. */
  relations: number
  /** Layers of binary logic gates above the atoms (the depth of and/or nesting). */
  layers: number
  /** Logic gates in one layer. */
  layerWidth: number
}>

/** Names of the policy circuits, smallest first. */
export const POLICY_CIRCUITS = ['policy_small', 'policy_medium', 'policy', 'policy_sets'] as const
export type PolicyCircuitName = (typeof POLICY_CIRCUITS)[number]

/** The universal tier: the largest template the policy circuit takes (14,143 gates, 2^14). */
export const POLICY_TIER_UNIVERSAL: PolicyTier = Object.freeze({
  circuit: 'policy',
  attrSlots: POLICY_ATTR_SLOTS,
  evidenceSlots: POLICY_EVIDENCE_SLOTS,
  constants: POLICY_CONSTANTS,
  attrSets: POLICY_ATTR_SETS,
  evidenceSets: POLICY_EVIDENCE_SETS,
  literalSets: POLICY_LITERAL_SETS,
  setSize: POLICY_SET_SIZE,
  atoms: POLICY_ATOMS,
  relations: 0,
  layers: POLICY_LAYERS,
  layerWidth: POLICY_LAYER_WIDTH,
})

/**
 * The small tier: templates of up to 10 atoms, 2 layers of 4 gates, 4 intent and 8 evidence
 * scalars, 3 intent sets, 1 evidence set, 1 set literal and 4 constants, with sets of up to 8
 * elements (the README's clothing template fits). 3,423 gates, 2^12: a quarter of the universal
 * circuit's proving time. A proof whose intent or evidence holds a larger set goes to the next tier
 * that fits (`choosePolicyTier` with the values).
 */
export const POLICY_TIER_SMALL: PolicyTier = Object.freeze({
  circuit: 'policy_small',
  attrSlots: 4,
  evidenceSlots: 8,
  constants: 4,
  attrSets: 3,
  evidenceSets: 1,
  literalSets: 1,
  setSize: 8,
  atoms: 10,
  relations: 0,
  layers: 2,
  layerWidth: 4,
})

/**
 * The medium tier: templates of up to 16 atoms, 3 layers of 8 gates, 8 intent and 12 evidence
 * scalars, 2 intent sets, 1 evidence set, 2 set literals and 12 constants, sets of up to 16
 * elements. 7,209 gates, 2^13: half the universal circuit's proving time.
 */
export const POLICY_TIER_MEDIUM: PolicyTier = Object.freeze({
  circuit: 'policy_medium',
  attrSlots: 8,
  evidenceSlots: 12,
  constants: 12,
  attrSets: 2,
  evidenceSets: 1,
  literalSets: 2,
  setSize: POLICY_SET_SIZE,
  atoms: 16,
  relations: 0,
  layers: 3,
  layerWidth: 8,
})

/**
 * The sets tier: the universal tier's sizes plus up to 4 set relations, sets of up to 32 elements,
 * 4 evidence sets and 3 set literals. 31,887 gates, 2^15 (the largest the Ignition prefix serves): twice the universal circuit's proving
 * time, so only a template with a relation, or a proof over a set of 17 to 32 elements, goes here.
 * The three other tiers have no relations, so their circuits and keys stayed as they were.
 */
export const POLICY_TIER_SETS: PolicyTier = Object.freeze({
  circuit: 'policy_sets',
  attrSlots: POLICY_ATTR_SLOTS,
  evidenceSlots: POLICY_EVIDENCE_SLOTS,
  constants: POLICY_CONSTANTS,
  attrSets: POLICY_ATTR_SETS,
  evidenceSets: POLICY_SETS_EVIDENCE_SETS,
  literalSets: POLICY_SETS_LITERAL_SETS,
  setSize: POLICY_SETS_SET_SIZE,
  atoms: POLICY_ATOMS,
  relations: POLICY_SETS_RELATIONS,
  layers: POLICY_LAYERS,
  layerWidth: POLICY_LAYER_WIDTH,
})

/** Every tier, smallest first (the order `choosePolicyTier` tries them in). */
export const POLICY_TIERS: readonly PolicyTier[] = Object.freeze([POLICY_TIER_SMALL, POLICY_TIER_MEDIUM, POLICY_TIER_UNIVERSAL, POLICY_TIER_SETS])

/** The tier of a circuit name (an artifact's `circuit`), or undefined when it is no policy circuit. */
export function policyTierOf(circuit: unknown): PolicyTier | undefined {
  return POLICY_TIERS.find((tier) => tier.circuit === circuit)
}

// The tiers' order and names agree; every tier fits inside the universal one, which fits inside the
// sets tier, tried last: a template without relations that fits no tier is refused with the
// universal tier's bound (as before the sets tier existed), one with relations with the sets tier's.
assert.equal(POLICY_TIERS.map((tier) => tier.circuit).join(), POLICY_CIRCUITS.join())
assert.equal(POLICY_TIERS.at(-1), POLICY_TIER_SETS)
assert.equal(POLICY_TIERS.at(-2), POLICY_TIER_UNIVERSAL)
for (const tier of POLICY_TIERS) {
  for (const key of ['attrSlots', 'evidenceSlots', 'constants', 'attrSets', 'evidenceSets', 'literalSets', 'setSize', 'atoms', 'relations', 'layers', 'layerWidth'] as const) {
    if (tier !== POLICY_TIER_SETS) assert.ok(tier[key] <= POLICY_TIER_UNIVERSAL[key], `${tier.circuit}.${key}`)
    // The sets tier holds one set literal fewer than the universal one (the price of 2^15 gates).
    if (key !== 'literalSets') assert.ok(tier[key] <= POLICY_TIER_SETS[key], `${tier.circuit}.${key} (sets tier)`)
  }
}
