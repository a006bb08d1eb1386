import { assertSignature, decodeBase64Url, hashDigest, isVerityError, parseJsonBigint } from '@verity/core'
import { decodeCompiledTemplate } from '@verity/policy'
import type { Prover, ProofArtifact, VerifyResult } from '@verity/prover'
import { decodeAttrs } from '../intents/decodeAttrs.ts'
import { parseSignedIntent } from '../intents/parseSignedIntent.ts'

/**
 * Verifies a proof bundle of GET /proofs/{id} offline, trusting nothing in it: the template id
 * is recomputed from the compiled bytes and must be the intent's; the intent's signature must
 * verify (an `Unsigned` intent is reported as such, not rejected); and the policy proof must
 * verify for exactly this template, intent id, attrs and evidence. `bundle` is the JSON text (so
 * big integers stay exact) or its parsed form.
 */
export async function verifyProofBundle(
  bundle: string | Record<string, unknown>,
  prover: Pick<Prover, 'verifyPolicy'>,
): Promise<VerifyResult & { isSigned?: boolean }> {
  try {
    const data = (typeof bundle === 'string' ? parseJsonBigint(bundle) : bundle) as Record<string, any>
    const template = data.template as { id: string; compiled_base64url: string } | null
    if (template === null || template === undefined) return { ok: false, reason: 'the bundle has no template' }
    const bytes = decodeBase64Url(template.compiled_base64url)
    const recomputedId = hashDigest(bytes)
    if (recomputedId !== template.id)
      return { ok: false, reason: `template id ${template.id} is not the hash of the compiled template (${recomputedId})` }
    const intent = parseSignedIntent(data.signed_intent)
    if (intent.templateId !== recomputedId)
      return { ok: false, reason: `the intent names template ${intent.templateId}, the bundle carries ${recomputedId}` }
    const isSigned = intent.authorship !== 'Unsigned'
    if (isSigned) assertSignature(intent.authorship, intent.signedBytes)
    const proof = data.proof as { artifact: ProofArtifact; salt: string }
    const result = await prover.verifyPolicy({
      artifact: proof.artifact,
      compiled: decodeCompiledTemplate(bytes),
      attrs: decodeAttrs(intent.attrFields, 'intent'),
      evidence: decodeAttrs(data.evidence as Record<string, unknown>, 'evidence'),
      intentId: intent.id,
      salt: BigInt(proof.salt),
    })
    return { ...result, isSigned }
  } catch (error) {
    if (isVerityError(error) || error instanceof SyntaxError || error instanceof TypeError || error instanceof RangeError)
      return { ok: false, reason: error.message }
    throw error
  }
}
