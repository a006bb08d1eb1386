import { assertSignatureInPool, type Ed25519VerifierPool, type PasskeyPolicy, stringifyJsonBigint } from '@verity/core'
import { checkInputs } from '@verity/policy'
import { IntentExistsError, UnknownTemplateError, UnsignedIntentRefusedError } from '../errors/intentErrors.ts'
import type { PolicyProving } from '../jobs/PolicyProving.ts'
import type { OrchestratorStore } from '../store/OrchestratorStore.ts'
import type { TemplateCache } from '../templates/TemplateCache.ts'
import { assertPayableIntentBound } from '../agents/payableBinding.ts'
import { decodeAttrs } from './decodeAttrs.ts'
import { parseSignedIntent, type ParsedSignedIntent } from './parseSignedIntent.ts'
import { assertOpeningGiven, openSealedIntent } from './openSealedIntent.ts'

export type SubmitIntentDependencies = {
  store: OrchestratorStore
  templates: TemplateCache
  proving: Pick<PolicyProving, 'assertIntentFits'>
  nowMs: () => number
  intentTtlMs: number
  allowUnsignedIntents: boolean
  verifierPool: Ed25519VerifierPool
  /** The WebAuthn origins and RP ids accepted in passkey signatures (default: any). */
  passkeyPolicy?: PasskeyPolicy
}

/**
 * Accepts a signed intent (shape A or B): checks its shape, that its id is new, its signature
 * (or that unsigned intents are allowed), that its template exists and that its attrs match the
 * template's `intent` schema and that a proof can hold their sets; then stores it as submitted, pending, with its expiry.
 * A sealed intent's attrs are those of its opening, which must open its commitments; the signed
 * part is stored as submitted and the opening beside it (docs/protocol.md, "Sealed intents").
 * An intent naming `agents` has their keys read once by parseSignedIntent; a payable intent must
 * name agents (PAYABLE_INTENT_UNBOUND).
 */
export async function submitIntent(deps: SubmitIntentDependencies, body: unknown): Promise<{ intentId: string }> {
  const parsed = parseSignedIntent(body)
  assertOpeningGiven(parsed)
  // A reused id is 409 whatever else is wrong with the body (the spec's order). It is asked of the
  // store only when the intent is refused: a new intent (the common case) costs no read, and a
  // reused one that passes every check is refused by the insert itself (issue 37).
  let sealed: Awaited<ReturnType<typeof checkIntent>>
  try {
    sealed = await checkIntent(deps, parsed, body)
  } catch (error) {
    if (await deps.store.hasIntent(parsed.id)) throw new IntentExistsError({ intentId: parsed.id })
    throw error
  }
  const createdAtMs = deps.nowMs()
  const isInserted = await deps.store.insertIntent({
    id: parsed.id,
    templateId: parsed.templateId,
    shape: parsed.shape,
    signedIntentJson: sealed?.signedIntentJson ?? stringifyJsonBigint(body),
    ...(sealed === undefined ? {} : { sealedOpeningJson: sealed.openingJson }),
    createdAtMs,
    expiresAtMs: createdAtMs + deps.intentTtlMs,
  })
  if (!isInserted) throw new IntentExistsError({ intentId: parsed.id })
  return { intentId: parsed.id }
}

/** Every check of a submitted intent but the uniqueness of its id; a sealed intent's opened parts. */
async function checkIntent(deps: SubmitIntentDependencies, parsed: ParsedSignedIntent, body: unknown) {
  if (parsed.authorship === 'Unsigned') {
    if (!deps.allowUnsignedIntents) throw new UnsignedIntentRefusedError()
  } else await assertSignatureInPool(parsed.authorship, parsed.signedBytes, deps.verifierPool, deps.passkeyPolicy)
  const compiled = await deps.templates.load(deps.store, parsed.templateId)
  if (compiled === undefined) throw new UnknownTemplateError({ templateId: parsed.templateId })
  assertPayableIntentBound({ id: parsed.id, templateId: parsed.templateId, hasAgents: parsed.agents !== undefined }, compiled)
  const attrs = decodeAttrs(parsed.opening?.attrFields ?? parsed.attrFields, 'intent')
  checkInputs(compiled.intent, attrs, 'intent')
  deps.proving.assertIntentFits(compiled, attrs)
  // A sealed intent: its opening must open what was signed; it is stored apart, never served.
  return parsed.sealed === undefined ? undefined : await openSealedIntent(parsed, compiled, attrs, body)
}
