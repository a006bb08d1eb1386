import { sdlStateName } from '../sdl/SdlStateValue.ts'
import type { SdlRecord } from './DomainStore.ts'
import { encodeStoredJson } from './storedJson.ts'

/**
 * The column values of an SDL row, in the order both stores insert them: hash, seq, state name,
 * state, content, witness, proof, guardrail input, created and updated times.
 */
export function sdlRecordValues(record: SdlRecord): unknown[] {
  return [
    record.hash,
    record.seq,
    sdlStateName(record.state),
    encodeStoredJson(record.state),
    encodeStoredJson(record.content),
    encodeStoredJson(record.witness),
    record.proof === null ? null : encodeStoredJson(record.proof),
    record.guardrailInput === null ? null : Buffer.from(record.guardrailInput),
    record.createdAtMs,
    record.updatedAtMs,
  ]
}
