// The template and intent values of the orchestrator measurements: the public clothing example
// (packages/policy/examples) and the demo catalog's white tee in size M, which satisfies it.
import { readFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import type { Signer } from '@verity/core'
import { signIntent } from '../../packages/sdk/src/intents/signIntent.ts'

export const CLOTHING_TEMPLATE = readFileSync(new URL('../../packages/policy/examples/clothing.template', import.meta.url), 'utf8')

/** Attributes the demo catalog's `tee-classic` (White, M, 19.99) satisfies. */
export const CLOTHING_FIELDS = {
  acceptable_categories: ['t-shirt', 'polo'],
  acceptable_colors: ['White', 'Black'],
  size: 'M',
  audience: 'unisex',
  max_price_cents: 2500,
}

/** The proposal for CLOTHING_FIELDS: a product of the embedded extractor's demo catalog. */
export const TEE_PROPOSAL = JSON.stringify({ solution: 'catalog:tee-classic', metadata: { options: { Color: 'White', Size: 'M' } } })

/** A fresh shape-B intent signed by `signer`, as a JSON body; returns its id too. */
export function signedIntentBody(signer: Signer, templateId: string): { id: string; body: string } {
  const id = randomUUID()
  return { id, body: JSON.stringify(signIntent({ id, templateId, fields: CLOTHING_FIELDS, signer })) }
}
