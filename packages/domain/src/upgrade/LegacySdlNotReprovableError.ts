import { VerityError } from '@verity/core'

/**
 * `verity upgrade` of a 0.1.0 domain directory found an SDL not yet applied on the base layer that
 * this version cannot prove again from its stored content: its proof was handed to the base layer
 * already (ProofSubmitted), or replaying the shard's SDLs on today's state tree does not give its
 * roots. Nothing was changed.
 */
export class LegacySdlNotReprovableError extends VerityError {
  readonly code = 'UPGRADE_SDL_NOT_REPROVABLE'
  constructor(readonly fields: { hash: string; reason: string }) {
    super(
      `SDL ${fields.hash} of 0.1.0 is not applied on the base layer yet and cannot be proven again by this version: ${fields.reason}. ` +
        'Settle it with 0.1.0 first (verity sdl prove / settle until it is BaseLayerApplied), then upgrade; nothing was changed',
    )
  }
}
