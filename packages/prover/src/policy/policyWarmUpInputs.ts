// A statement that every policy tier can prove, for the prover's warm-up: one throw-away proof per
// tier and worker at start-up makes the first real proof as fast as the steady state (issue 27).
import type { InputMap } from '@noir-lang/noir_js'
import { compileTemplate } from '@verity/policy'
import { encodePolicyInputs } from './encodePolicyInputs.ts'
import { POLICY_TIERS, type PolicyCircuitName } from './policyTiers.ts'

/** Small enough for the smallest tier; it has a set and a comparison, like the templates users write. */
const WARM_UP_TEMPLATE = `name verity_prover_warm_up
intent {
  colors: set<string>
  max_price_cents: int
}
evidence {
  color: string
  price_cents: int
}
requires {
  evidence.color in intent.colors;
  evidence.price_cents <= intent.max_price_cents;
}
`

/** The intent id the warm-up proofs are bound to (they are never published). */
const WARM_UP_INTENT_ID = '00000000-0000-4000-8000-000000000000'

/** The circuit inputs of a satisfied warm-up statement, for each policy tier. */
export async function policyWarmUpInputs(): Promise<Record<PolicyCircuitName, InputMap>> {
  const compiled = compileTemplate(WARM_UP_TEMPLATE)
  const attrs = { colors: ['White', 'Black'], max_price_cents: 2_500n }
  const evidence = { color: 'White', price_cents: 1_999n }
  const entries = await Promise.all(
    POLICY_TIERS.map(async (tier) => [tier.circuit, (await encodePolicyInputs(compiled, attrs, evidence, WARM_UP_INTENT_ID, 0n, tier)).inputs] as const),
  )
  return Object.fromEntries(entries) as Record<PolicyCircuitName, InputMap>
}
