// At start: SDLs an earlier Verity sealed but did not settle are kept with witnesses for its SDL
// circuit. This version can neither prove nor settle them (and every later SDL settles after
// them), so the domain refuses to start and says what to do, instead of failing them one proof at
// a time. A store whose SDLs are all applied (or that has none) is compatible: the state tree is.
import { SDL_WITNESS_FORMAT } from '@verity/prover'
import { SdlWitnessFormatError } from '../errors/domainErrors.ts'
import { SDL_WITNESS_FORMAT_CHECK_SDLS_MAX, SDL_WITNESS_FORMAT_HASHES_SHOWN } from '../limits.ts'
import { UNSETTLED_SDL_STATES } from '../sdl/sdlWitnessFormat.ts'
import type { DomainStore } from '../store/DomainStore.ts'

/**
 * Throws SdlWitnessFormatError when one of the oldest SDL_WITNESS_FORMAT_CHECK_SDLS_MAX SDLs not
 * applied on the base layer has a stored witness of another input layout than this version's.
 */
export async function assertSdlWitnessFormats(store: Pick<DomainStore, 'listSdlWitnessFormats'>): Promise<void> {
  const unsettled = await store.listSdlWitnessFormats(UNSETTLED_SDL_STATES, SDL_WITNESS_FORMAT_CHECK_SDLS_MAX)
  const stale = unsettled.filter((sdl) => sdl.witnessFormat !== SDL_WITNESS_FORMAT)
  if (stale.length === 0) return
  throw new SdlWitnessFormatError({
    count: stale.length,
    countIsLowerBound: unsettled.length === SDL_WITNESS_FORMAT_CHECK_SDLS_MAX,
    hashes: stale.slice(0, SDL_WITNESS_FORMAT_HASHES_SHOWN).map((sdl) => sdl.hash),
    format: SDL_WITNESS_FORMAT,
  })
}
