// Which stored SDL witnesses this version can prove: those built for the SDL circuit's current
// input layout (@verity/prover SDL_WITNESS_FORMAT). A witness is stored when its SDL is sealed and
// proven later, possibly by a version whose circuit takes other inputs.
import { SDL_WITNESS_FORMAT, type SdlWitness } from '@verity/prover'
import { SdlWitnessFormatUnsupportedError } from '../errors/domainErrors.ts'

/**
 * The states of an SDL not yet applied on the base layer, whose stored witness (or the proofs made
 * from it) is still to be used. BaseLayerFailed is the base layer's final word: nothing is proven again.
 */
export const UNSETTLED_SDL_STATES = ['Submitted', 'Proving', 'Proven', 'ProvingFailed', 'ProofSubmitted'] as const

/** The input layout a stored witness names, or null when it names none (an earlier Verity). */
export function witnessFormatOf(witness: unknown): string | null {
  if (witness === null || typeof witness !== 'object') return null
  const format = (witness as { format?: unknown }).format
  return format === undefined || format === null ? null : String(format)
}

/** The stored witness of SDL `hash`, when it is for this version's SDL circuit; SdlWitnessFormatUnsupportedError otherwise. */
export function provableSdlWitness(hash: string, witness: unknown): SdlWitness {
  const format = witnessFormatOf(witness)
  if (format !== SDL_WITNESS_FORMAT) throw new SdlWitnessFormatUnsupportedError({ hash, format, supported: SDL_WITNESS_FORMAT })
  return witness as SdlWitness
}
