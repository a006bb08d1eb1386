// The states of an SDL as the API names them (reference notes §2.8), and the steps between them.

export type SdlStateValue =
  | 'Submitted'
  | 'Proving'
  | 'Proven'
  | 'ProofSubmitted'
  | 'BaseLayerApplied'
  | 'BaseLayerFailed'
  | { ProvingFailed: string }

/** The state's name, with `ProvingFailed` for the failure object. */
export function sdlStateName(state: SdlStateValue): string {
  return typeof state === 'string' ? state : 'ProvingFailed'
}
