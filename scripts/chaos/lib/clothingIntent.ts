// The README's first example, used wherever a scenario needs a valid proposal that proves: the
// clothing template, the user's intent (a t-shirt or polo, size M, unisex, ≤ $25.00, white) and
// the demo catalog's product that satisfies it.
import { readFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import type { AgentKey, Signer } from '@verity/core'
import { signIntent } from '../../../packages/sdk/src/intents/signIntent.ts'

export const CLOTHING_TEMPLATE_SOURCE = readFileSync(new URL('../../../packages/policy/examples/clothing.template', import.meta.url), 'utf8')
/** A solution of the demo catalog that satisfies CLOTHING_FIELDS (README, step 1). */
export const VALID_CLOTHING_SOLUTION = 'catalog:tee-classic-white-m'
export const CLOTHING_FIELDS = {
  acceptable_categories: ['t-shirt', 'polo'],
  size: 'M',
  audience: 'unisex',
  max_price_cents: 2500,
  acceptable_colors: ['White'],
}

/** A new signed clothing intent (shape B) and its id; with `agents`, only they may propose. */
export function newClothingIntent(signer: Signer, templateId: string, agents?: readonly AgentKey[]): { id: string; body: Record<string, unknown> } {
  const id = randomUUID()
  return { id, body: signIntent({ id, templateId, fields: CLOTHING_FIELDS, signer, ...(agents === undefined ? {} : { agents }) }) }
}
