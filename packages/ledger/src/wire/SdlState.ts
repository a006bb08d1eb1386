/** The states of an SDL (reference/delta-notes.md §2.8). */
export type SdlState =
  | 'Submitted'
  | 'Proving'
  | 'Proven'
  | 'ProofSubmitted'
  | 'BaseLayerApplied'
  | 'BaseLayerFailed'
  | { ProvingFailed: string }
