// The agent side of a Verity checkout (docs/ap2-verity-constraint.md, "Presenting"): at any UCP
// 2026-04-08 business that negotiates AP2 and the dev.verity.domain payment handler, open a
// checkout session, prove the intent over it, and complete it with AP2 mandates whose constraint
// is the proof, paying with the intent's mandate payment.
import { agentOwnerIdsOf, deriveUcpRequestKey, ownerIdOfAgentKey, type KeySigner, type Signer, type UcpRequestKey } from '@verity/core'
import { VERITY_PAYMENT_INSTRUMENT_TYPE, type Static, type UcpBuyer, type UcpPostalAddress } from '@verity/wire'
import type { OrchestratorClient } from '../clients/OrchestratorClient.ts'
import { CHECKOUT_PROOF_WAIT_MS_DEFAULT, CHECKOUT_PREPARE_UPDATES_MAX, CHECKOUT_STATUS_POLL_MS } from '../limits.ts'
import { UcpCheckoutClient, type UcpCheckoutView, type VerityCheckoutBusiness } from '../ucp/UcpCheckoutClient.ts'
import { ucpPlatformOf } from '../ucp/ucpPlatformOf.ts'
import { readSignedIntent } from '../proofs/readSignedIntent.ts'
import { assertMandateSigner } from './assertMandateSigner.ts'
import { assertCheckoutTakesVerity } from './assertCheckoutTakesVerity.ts'
import { CheckoutRefusedError } from './CheckoutRefusedError.ts'
import { issueVerityMandates } from './issueVerityMandates.ts'

export type CheckoutWithIntentParameters = {
  /** The business's base URL (`/.well-known/ucp` there). */
  business: string
  orchestrator: OrchestratorClient
  intentId: string
  /** What to buy (the business's item ids, i.e. variant ids), when the intent is still pending. */
  items?: readonly { id: string; quantity: number }[]
  buyer?: Static<typeof UcpBuyer>
  /** Where to ship; the business's first fulfillment option is chosen unless `fulfillmentOptionId` names one. */
  destination?: Static<typeof UcpPostalAddress>
  fulfillmentOptionId?: string
  discountCodes?: readonly string[]
  /**
   * The agent, one of the intent's named Ed25519 agents: signs the proposal and the binding of its
   * mandate key; its request key (the platform key) signs the open mandates, its mandate key the
   * closed ones. The user signs nothing more: the signed intent is the user's authority.
   */
  agent: KeySigner
  /**
   * The platform profile sent as UCP-Agent. Default: the agent's own, served by the orchestrator
   * (ucpPlatformOf). Every request is signed with the agent's request key (deriveUcpRequestKey),
   * so a profile given here must list that key in its `signing_keys`.
   */
  profileUrl?: string
  proofWaitMs?: number
  onProgress?: (step: string) => void
}

export type CheckoutWithIntentReturnType = {
  checkout: UcpCheckoutView
  /** `checkout.order` (order_confirmation.json): `id` and `permalink_url`. */
  order: { id: string; permalink_url?: string } | undefined
  amountCents: bigint
  currency: string
  payee: string
}

/**
 * Buys what a Verity intent allows at a UCP business: refuses a business that does not negotiate
 * checkout, AP2 and dev.verity.domain before anything is created; for a pending intent opens a
 * session (items, buyer, fulfillment) and proposes it (`{"business", "checkout": true}`), waits for
 * the proof; then completes the proven session with the AP2 Checkout Mandate chain and the Payment
 * Mandate. Every request to the business is signed with the agent's request key (the session is
 * the agent's alone). The business verifies the Verity constraint and is paid by the domain before it places
 * the order. Throws MandateSignerUnsupportedError (an unsigned intent, or an agent key that is not
 * Ed25519: before anything is created), VerityPaymentUnavailableError (the business, or the checkout it
 * opened, does not negotiate AP2 or offer dev.verity.domain: before the proposal or any mandate), CheckoutRefusedError, UcpBusinessUnusableError, ApiError (a business's refusal:
 * `serverCode` is its UCP error code), ServiceUnreachableError.
 * @example const { order } = await checkoutWithIntent({ business, orchestrator, intentId, items: [{ id: 'tee-classic-white-m', quantity: 1 }], buyer, destination, agent })
 */
export async function checkoutWithIntent(parameters: CheckoutWithIntentParameters): Promise<CheckoutWithIntentReturnType> {
  const progress = parameters.onProgress ?? (() => {})
  // Who signs what is known from the intent and the keys: refused before a session is opened or the proposal spent.
  checkSigners(await parameters.orchestrator.getIntent(parameters.intentId), parameters)
  const platform = parameters.profileUrl === undefined ? ucpPlatformOf({ orchestrator: parameters.orchestrator.baseUrl, agent: parameters.agent }) : { profileUrl: parameters.profileUrl, requestKey: deriveUcpRequestKey(parameters.agent) }
  // The session answers only to the agent's signed requests: the proof's public session id opens nothing.
  const client = new UcpCheckoutClient(parameters.business, platform)
  const business = await client.negotiate()
  let status = await parameters.orchestrator.getIntentStatus(parameters.intentId)
  if (status === 'pending') {
    const session = await openSession(client, parameters, progress)
    // The session, not only the profile, must take a Verity payment: checked before the proposal is spent.
    assertCheckoutTakesVerity(parameters.business, business, session)
    progress(`proposing checkout ${session.id} for intent ${parameters.intentId}`)
    await parameters.orchestrator.propose(parameters.intentId, { solution: session.id, metadata: { business: parameters.business, checkout: true } }, { agent: parameters.agent as Signer })
    status = await waitForProof(parameters.orchestrator, parameters.intentId, parameters.proofWaitMs ?? CHECKOUT_PROOF_WAIT_MS_DEFAULT)
  }
  if (status !== 'success') throw new CheckoutRefusedError({ step: 'prove', reason: `intent ${parameters.intentId} is ${status}, not proven: nothing was paid` })
  const bundle = await parameters.orchestrator.getProof(parameters.intentId)
  const checkoutId = provenCheckoutOf(bundle, parameters.business)
  progress(`completing checkout ${checkoutId}`)
  return complete(client, business, parameters, bundle, checkoutId, platform.requestKey)
}

/**
 * Refuses, before anything is created: an unsigned intent or an agent that is not one Ed25519 key
 * (MandateSignerUnsupportedError), an agent the intent does not name (CheckoutRefusedError).
 */
function checkSigners(signedIntent: unknown, parameters: CheckoutWithIntentParameters): void {
  assertMandateSigner({ signedIntent, agent: parameters.agent })
  const intent = readSignedIntent(signedIntent)
  if (intent.agents === undefined) return
  const named = agentOwnerIdsOf(intent.agents, 'agents')
  if (!named.includes(parameters.agent.ownerId))
    throw new CheckoutRefusedError({ step: 'prepare', reason: `the agent key ${parameters.agent.publicKeyBase58} is not one intent ${intent.id} names (${describeAgents(intent.agents)}): only a named agent may propose and sign the closed mandates; use one of their keys` })
}

function describeAgents(agents: unknown): string {
  return (agents as Record<string, unknown>[])
    .map((agent) => {
      const [scheme, key] = Object.entries(agent)[0]!
      return typeof key === 'string' ? `${scheme} ${key}` : `${scheme} owner id ${ownerIdOfAgentKey(agent)}`
    })
    .join(', ')
}

async function openSession(client: UcpCheckoutClient, parameters: CheckoutWithIntentParameters, progress: (step: string) => void): Promise<UcpCheckoutView> {
  if (parameters.items === undefined || parameters.items.length === 0) throw new CheckoutRefusedError({ step: 'prepare', reason: 'the intent is pending: name the items to buy' })
  let checkout = await client.create({
    line_items: parameters.items.map((item) => ({ item: { id: item.id }, quantity: item.quantity })),
    ...(parameters.buyer === undefined ? {} : { buyer: parameters.buyer }),
    ...(parameters.destination === undefined ? {} : { fulfillment: { methods: [{ type: 'shipping' as const, destinations: [parameters.destination] }] } }),
    ...(parameters.discountCodes === undefined ? {} : { discounts: { codes: [...parameters.discountCodes] } }),
  })
  progress(`opened checkout ${checkout.id} (${checkout.status})`)
  for (let update = 0; update < CHECKOUT_PREPARE_UPDATES_MAX && checkout.status !== 'ready_for_complete'; update += 1) {
    const selection = fulfillmentSelectionOf(checkout, parameters.fulfillmentOptionId)
    if (selection === undefined) break
    checkout = await client.update(checkout.id, { fulfillment: { methods: selection } })
    progress(`chose fulfillment for checkout ${checkout.id} (${checkout.status})`)
  }
  if (checkout.status !== 'ready_for_complete')
    throw new CheckoutRefusedError({ step: 'prepare', reason: `checkout ${checkout.id} is ${checkout.status}, not ready_for_complete (${messagesOf(checkout)}); give the buyer and a destination` })
  return checkout
}

type MethodView = { id?: string; type?: 'shipping' | 'pickup'; destinations?: { id?: string }[]; selected_destination_id?: string | null; groups?: { id?: string; options?: { id: string }[]; selected_option_id?: string | null }[] }

/** The fulfillment choices still to make (a destination, an option per group), or undefined when none is left. */
function fulfillmentSelectionOf(checkout: UcpCheckoutView, optionId: string | undefined) {
  const methods = ((checkout['fulfillment'] as { methods?: MethodView[] } | undefined)?.methods ?? []) as MethodView[]
  let changed = false
  const selection = methods.map((method) => {
    const destination = method.selected_destination_id ?? method.destinations?.[0]?.id ?? null
    if (destination !== (method.selected_destination_id ?? null)) changed = true
    const groups = (method.groups ?? []).map((group) => {
      const chosen = group.selected_option_id ?? (group.options?.find((option) => option.id === optionId) ?? group.options?.[0])?.id ?? null
      if (chosen !== (group.selected_option_id ?? null)) changed = true
      return { ...(group.id === undefined ? {} : { id: group.id }), selected_option_id: chosen }
    })
    return { ...(method.id === undefined ? {} : { id: method.id }), ...(method.type === undefined ? {} : { type: method.type }), selected_destination_id: destination, groups }
  })
  return changed ? selection : undefined
}

async function waitForProof(orchestrator: OrchestratorClient, intentId: string, waitMs: number): Promise<Awaited<ReturnType<OrchestratorClient["getIntentStatus"]>>> {
  const deadline = Date.now() + waitMs
  for (;;) {
    const status = await orchestrator.getIntentStatus(intentId)
    if (status !== 'pending' && status !== 'proving') return status
    if (Date.now() > deadline) throw new CheckoutRefusedError({ step: 'prove', reason: `intent ${intentId} was not proven within ${waitMs} ms (still ${status}): nothing was paid` })
    await new Promise((resolve) => setTimeout(resolve, CHECKOUT_STATUS_POLL_MS))
  }
}

/** The checkout session the proof covers, at this business; refuses a proof of anything else. */
function provenCheckoutOf(bundle: unknown, business: string): string {
  const proposal = (bundle as { proposal?: { solution?: unknown; metadata?: { business?: unknown; checkout?: unknown } | null } }).proposal
  const named = typeof proposal?.metadata?.business === 'string' ? proposal.metadata.business.replace(/\/+$/, '') : undefined
  if (proposal?.metadata?.checkout !== true || typeof proposal.solution !== 'string')
    throw new CheckoutRefusedError({ step: 'prove', reason: 'the intent was proven for a product, not a checkout session: its proof cannot pay a checkout (propose a checkout: verity checkout on a pending intent)' })
  if (named !== business.replace(/\/+$/, '')) throw new CheckoutRefusedError({ step: 'prove', reason: `the intent was proven for a checkout at ${named}, not at ${business}` })
  return proposal.solution
}

async function complete(client: UcpCheckoutClient, business: VerityCheckoutBusiness, parameters: CheckoutWithIntentParameters, bundle: unknown, checkoutId: string, platformKey: UcpRequestKey): Promise<CheckoutWithIntentReturnType> {
  const checkout = await client.get(checkoutId)
  const totals = (checkout['totals'] ?? []) as { type?: string; amount?: number }[]
  const amountCents = BigInt(totals.find((total) => total.type === 'total')?.amount ?? 0)
  const currency = String(checkout['currency'] ?? '')
  // Completed already (a retry after an answer that did not arrive): the order is there, nothing is paid again.
  if (checkout.status === 'completed') return { checkout, order: checkout['order'] as CheckoutWithIntentReturnType['order'], amountCents, currency, payee: business.payee }
  assertCheckoutTakesVerity(parameters.business, business, checkout)
  const payee = { id: business.payee, name: merchantNameOf(checkout, parameters.business), website: parameters.business }
  const signedIntent = (bundle as { signed_intent: unknown }).signed_intent
  const mandates = await issueVerityMandates({ agent: parameters.agent, platformKey, signedIntent, orchestrator: parameters.orchestrator.baseUrl, checkout, business: parameters.business, payee })
  const token = mandates.paymentMandate
  const instrument = { id: `verity_${parameters.intentId}`, handler_id: business.handlerId, type: VERITY_PAYMENT_INSTRUMENT_TYPE, credential: { type: VERITY_PAYMENT_INSTRUMENT_TYPE, token } }
  const completed = await client.complete(checkoutId, { payment: { instruments: [instrument] }, ap2: { checkout_mandate: mandates.checkoutMandate } })
  if (completed.status !== 'completed') throw new CheckoutRefusedError({ step: 'complete', reason: `checkout ${checkoutId} is ${completed.status} after complete (${messagesOf(completed)})` })
  return { checkout: completed, order: completed['order'] as CheckoutWithIntentReturnType['order'], amountCents, currency, payee: business.payee }
}

function merchantNameOf(checkout: UcpCheckoutView, business: string): string {
  const name = (checkout['merchant'] as { name?: unknown } | undefined)?.name
  return typeof name === 'string' && name.length > 0 ? name : business
}

function messagesOf(checkout: UcpCheckoutView): string {
  const messages = (checkout['messages'] ?? []) as { code?: string; content?: string }[]
  return messages.length === 0 ? 'no messages' : messages.map((message) => `${message.code ?? 'info'}: ${message.content ?? ''}`).join('; ')
}
