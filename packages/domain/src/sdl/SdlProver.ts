// The proving port of the domain: turns a stored SDL into proof artifacts (the SDL proof first,
// then one guardrail proof per transaction per guardrail). `createSdlProver` implements it over
// @verity/prover; the pipeline calls it off the request path.
export type SdlProvingJob = {
  hash: string
  content: unknown
  witness: unknown
  /** the prove-time guardrail input (UTF-8 JSON of intent values), or null */
  guardrailInput: Uint8Array | null
}

export interface SdlProver {
  prove(job: SdlProvingJob): Promise<unknown[]>
  close(): Promise<void>
}
