import type { InputValue } from '@verity/core'
import type { CompiledTemplate } from '@verity/policy'
import { assertSetsFitCircuit, POLICY_TIERS } from '@verity/prover'

/**
 * The set-size check of POST /intents (issue 37: it must cost almost nothing per request). What it
 * needs of a template is computed once per decoded template (the template cache keeps one object
 * per id): the names of its `set<…>` intent fields. An intent whose template has none, or whose
 * sets all hold no more elements than the smallest tier's rows, fits every tier that proves the
 * template, so nothing more is done; only a larger set pays the full check (which compiles the
 * template for each tier). New intent fields that are not sets cost nothing here.
 */
const SET_ELEMENTS_EVERY_TIER_HOLDS = Math.min(...POLICY_TIERS.map((tier) => tier.setSize))

const setFieldsByTemplate = new WeakMap<CompiledTemplate, readonly string[]>()

function setFieldsOf(compiled: CompiledTemplate): readonly string[] {
  let names = setFieldsByTemplate.get(compiled)
  if (names === undefined) {
    names = Object.freeze(compiled.intent.filter((decl) => decl.type === 'set<string>' || decl.type === 'set<int>').map((decl) => decl.name))
    setFieldsByTemplate.set(compiled, names)
  }
  return names
}

/** Throws CircuitBoundsError naming the set field when no tier that proves `compiled` holds a set of `attrs` (assertSetsFitCircuit). */
export function assertIntentSetsFit(compiled: CompiledTemplate, attrs: Record<string, InputValue>): void {
  const names = setFieldsOf(compiled)
  if (names.length === 0) return
  // Array length bounds the distinct elements the circuit counts: a set this small fits every tier.
  if (names.every((name) => { const value = attrs[name]; return !Array.isArray(value) || value.length <= SET_ELEMENTS_EVERY_TIER_HOLDS })) return
  assertSetsFitCircuit(compiled, { attrs, evidence: {} })
}
