import { decodeInputFields, ownerIdOfSignature, type InputValue, type Signature } from '@verity/core'
import { compileTemplate, formatExpression, type CompiledTemplate } from '@verity/policy'
import { comparedFields, READABLE_DESCRIBE_OPTIONS, readBusinessVocabulary, readSignedIntent, spellingWarnings, type IntentStatus, type OrchestratorClient, type SavedOpening, type UcpBusinessClient } from '@verity/sdk'
import { constraintApplies, describeConstraint } from './describeConstraint.ts'

/** One constraint of the intent's template, as an agent reads it. */
export type ConstraintView = {
  index: number
  /** The constraint as the template writes it. */
  expression: string
  /** The constraint in plain words with the user's values filled in, money as money and dates as dates (`price ≤ $25.00`); the raw values are in `attrs`. */
  in_words: string
  /** False for an `optional:` constraint whose optional intent fields the user did not give: it is not checked. */
  applies: boolean
}

/** What get_intent returns, and the body of the `verity://intents/{id}` resource. */
export type IntentView = {
  intent_id: string
  template_id: string
  template_name: string
  status: IntentStatus
  /** The user who signed the intent (owner id and scheme), or "Unsigned". */
  signer: { owner_id: string; scheme: string } | 'Unsigned'
  /** The user's parameters (`intent.attrs`), plain JSON; of a sealed intent, those of the opening the user handed over, else only the disclosed ones. */
  attrs: Record<string, unknown>
  /** A sealed intent: whether `attrs` are the user's (`opening`) or only those shown in the clear (`disclosed`). */
  sealed?: { attrs: 'opening' | 'disclosed' }
  /** The facts a candidate must show, by name and type: what the extractor establishes for a solution. */
  evidence_fields: Array<{ name: string; type: string }>
  constraints: ConstraintView[]
  /** With a business to ask: the user's values that business spells no way (a proposal from it would fail on them), each with the spellings it has. */
  spelling_warnings?: Array<{ field: string; value: string; business: string; closest?: string; spellings: string[]; message: string }>
  /** Why the spellings were not checked (the business did not answer), when they were not. */
  spellings_unchecked?: string
}

/** The business whose catalog says how values are spelled (get_intent: the server's `--business`). */
export type SpellingSource = { url: string; client: UcpBusinessClient }

/**
 * Reads an intent, its status and its template from the orchestrator and renders what the user
 * allowed: each constraint as written and in plain words, with the user's values filled in.
 * Throws the SDK's ApiError (404 INTENT_NOT_FOUND) or ServiceUnreachableError.
 */
export async function readIntentView(orchestrator: OrchestratorClient, intentId: string, opening?: SavedOpening, spellings?: SpellingSource): Promise<IntentView> {
  const [signedIntent, status] = await Promise.all([orchestrator.getIntent(intentId), orchestrator.getIntentStatus(intentId)])
  const intent = readSignedIntent(signedIntent)
  // The orchestrator serves the canonical source of the template; compiling it here gives the
  // constraint tree to put into words (and checks it is the template the intent names).
  const compiled = compileTemplate(await orchestrator.getTemplate(intent.templateId))
  const held = intent.sealed === undefined || opening === undefined || opening.intent_id !== intent.id ? undefined : opening.opening.attrs.fields
  const attrs = decodeInputFields(intent.sealed === undefined ? intent.attrFields : (held ?? intent.sealed.disclosedFields), 'intent')
  return {
    intent_id: intent.id,
    template_id: intent.templateId,
    template_name: compiled.name,
    status,
    signer: signerOf(intent.authorship),
    attrs: plainAttrs(attrs),
    ...(intent.sealed === undefined ? {} : { sealed: { attrs: held === undefined ? ('disclosed' as const) : ('opening' as const) } }),
    evidence_fields: compiled.evidence.map((field) => ({ name: field.name, type: field.type })),
    constraints: constraintViews(compiled, attrs),
    ...(spellings === undefined ? {} : await spellingsOf(compiled, plainAttrs(attrs), spellings)),
  }
}

/** The values `source` spells no way (the SDK's spellingWarnings over its catalog); a business that does not answer leaves them unchecked, saying why. */
async function spellingsOf(compiled: CompiledTemplate, attrs: Record<string, unknown>, source: SpellingSource): Promise<Pick<IntentView, 'spelling_warnings' | 'spellings_unchecked'>> {
  const compared = comparedFields(compiled).filter(({ intentField }) => attrs[intentField] !== undefined)
  if (compared.length === 0) return { spelling_warnings: [] }
  try {
    const vocabulary = await readBusinessVocabulary(source.client, compared.map(({ evidenceField }) => evidenceField))
    const warnings = spellingWarnings(compiled, attrs, vocabulary, source.url)
    return { spelling_warnings: warnings.map(({ field, value, business, closest, spellings, message }) => ({ field, value, business, ...(closest === undefined ? {} : { closest }), spellings: [...spellings], message })) }
  } catch (error) {
    return { spellings_unchecked: `could not read how ${source.url} spells values: ${error instanceof Error ? error.message : String(error)}` }
  }
}

function constraintViews(compiled: CompiledTemplate, attrs: Record<string, InputValue>): ConstraintView[] {
  return compiled.requires.map((constraint, index) => ({
    index,
    expression: `${constraint.isOptional ? 'optional: ' : ''}${formatExpression(constraint.expr)}`,
    in_words: describeConstraint(constraint, attrs, READABLE_DESCRIBE_OPTIONS),
    applies: constraintApplies(constraint, attrs),
  }))
}

function signerOf(authorship: unknown): IntentView['signer'] {
  if (authorship === 'Unsigned') return 'Unsigned'
  const signature = authorship as Signature
  return { owner_id: ownerIdOfSignature(signature), scheme: Object.keys(signature)[0] ?? 'unknown' }
}

function plainAttrs(attrs: Record<string, InputValue>): Record<string, unknown> {
  const plain = (value: InputValue): unknown => (Array.isArray(value) ? value.map(plain) : value)
  return Object.fromEntries(Object.entries(attrs).map(([name, value]) => [name, plain(value)]))
}
