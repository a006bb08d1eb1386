// The intent id of a guardrail proof: binds a policy proof to one transaction of one SDL. The
// policy circuit takes the intent id as a string hashed into a field element (the prover's
// encodeString), so the base layer recomputes the same field from the SDL hash and the index.

/** The intent id a guardrail proof of transaction `index` of the SDL with hash `sdlHash` carries. */
export function guardrailIntentId(sdlHash: string, index: number): string {
  return `${sdlHash}/${index}`
}
