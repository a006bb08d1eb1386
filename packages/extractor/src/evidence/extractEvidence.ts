import assert from 'node:assert/strict'
import type { Product, ProductVariant } from '../product/Product.ts'
import { coerceEvidenceValue, evidenceValueKey, type EvidenceValue } from './coerceEvidenceValue.ts'
import { sourcesForField, type EvidenceMapping } from './EvidenceMapping.ts'
import type { EvidenceSchema, EvidenceType } from './parseEvidenceSchema.ts'
import { readSource } from './readSource.ts'

export type Evidence = Record<string, EvidenceValue>

type SourceOutcome = { kind: 'value'; value: EvidenceValue } | { kind: 'absent' } | { kind: 'ambiguous' }

function readAcrossVariants(product: Product, candidates: readonly ProductVariant[], source: string, type: EvidenceType): SourceOutcome {
  const values = candidates.map((variant) => {
    const raw = readSource(product, variant, source)
    return raw === undefined ? undefined : coerceEvidenceValue(raw, type.base)
  })
  if (values.every((value) => value === undefined)) return { kind: 'absent' }
  const first = values[0]
  if (first === undefined) return { kind: 'ambiguous' }
  const key = evidenceValueKey(first)
  return values.every((value) => value !== undefined && evidenceValueKey(value) === key) ? { kind: 'value', value: first } : { kind: 'ambiguous' }
}

/**
 * Fills each field of `schema` that the product data establishes, and leaves out every other.
 *
 * `candidates` are the variants the proposal may mean (one when it selects a variant). For each
 * field the sources of its mapping rule are tried in order: a source establishes a value when every
 * candidate yields a value of the field's type and they all agree. A source that yields nothing
 * for every candidate passes to the next; one whose candidates disagree, or yield a value for some
 * and not others, makes the field ambiguous and it is left out: the extractor never guesses.
 */
export function extractEvidence(params: {
  product: Product
  candidates: readonly ProductVariant[]
  schema: EvidenceSchema
  mapping: EvidenceMapping
}): Evidence {
  const { product, candidates, schema, mapping } = params
  assert(candidates.length > 0)
  const evidence: Evidence = {}
  for (const [field, type] of schema) {
    for (const source of sourcesForField(mapping, field)) {
      const outcome = readAcrossVariants(product, candidates, source, type)
      if (outcome.kind === 'absent') continue
      if (outcome.kind === 'value') evidence[field] = outcome.value
      break
    }
  }
  return evidence
}
