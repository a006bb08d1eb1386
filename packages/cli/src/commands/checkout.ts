import { readFileSync } from 'node:fs'
import { Ed25519Signer, type KeySigner } from '@verity/core'
import { assertMandateSigner, checkoutWithIntent, intentNamesAgents, loadSigner, OrchestratorClient } from '@verity/sdk'
import type { Command, CommandContext } from '../Command.ts'
import { clientToken } from '../clientToken.ts'
import { ORCHESTRATOR_OPTION, orchestratorUrl, STORE_URL_DEFAULT, STORE_URL_ENV, storeUrl, webUrl } from '../endpoints.ts'
import { formatCheckoutOrder } from '../formatCheckoutOrder.ts'
import { UsageError } from '../UsageError.ts'

// `verity checkout INTENT_ID`: buys what a Verity intent allows at a UCP business
// (docs/ap2-verity-constraint.md): opens a checkout session there, proves the intent over it,
// completes it with AP2 mandates whose constraint is the proof, paying with the intent's mandate
// payment, and prints the order.

/** Most `--item` flags one checkout takes. */
export const CHECKOUT_ITEMS_MAX = 16

export const checkoutCommand: Command = {
  path: ['checkout'],
  summary: 'buy what a proven intent allows at a UCP business: open a checkout, prove it, pay with the mandate, print the order',
  usage:
    'verity checkout INTENT_ID [--agent-key FILE] [--item VARIANT[:QTY]]... [--business URL] [--buyer FILE] [--email E] [--first-name N] [--last-name N] ' +
    '[--street S --city C --region R --postal-code P --country CC] [--shipping OPTION_ID] [--discount CODE]... [--profile URL] [--orchestrator URL] [--wait-timeout SECONDS]',
  optionHelp: {
    item: 'what to buy, when the intent is still pending: a variant id of the business, with :QTY (default 1); repeatable',
    business: `the UCP business (default $${STORE_URL_ENV} or ${STORE_URL_DEFAULT}, the devnet's demo store)`,
    buyer: 'a JSON file {"buyer": {email, first_name, …}, "destination": {street_address, address_locality, …}} (flags override it)',
    shipping: "the business's fulfillment option id (default: its first option)",
    'agent-key': 'the Ed25519 agent key that proposes and binds the AP2 mandate key (default: a new one; an agent-bound intent needs one of its agents). The user signs nothing more: the signed intent, whatever signed it, is the authority',
    profile: 'the UCP platform profile to advertise; it must list the agent\'s request key, which signs every request (default: the agent\'s own profile, served by the orchestrator at /extractor/ucp/platform-profile?signing_key=…, which lists AP2)',
    'wait-timeout': 'how long to wait for the proof, in seconds (default 180)',
  },
  options: {
    ...ORCHESTRATOR_OPTION,
    item: { type: 'string', multiple: true },
    business: { type: 'string' },
    buyer: { type: 'string' },
    email: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    street: { type: 'string' },
    city: { type: 'string' },
    region: { type: 'string' },
    'postal-code': { type: 'string' },
    country: { type: 'string' },
    shipping: { type: 'string' },
    discount: { type: 'string', multiple: true },
    'agent-key': { type: 'string' },
    profile: { type: 'string' },
    'wait-timeout': { type: 'string' },
  },
  positionals: [1, 1],
  async run({ positionals, values, out }) {
    const intentId = positionals[0]!
    const orchestratorBase = orchestratorUrl(values)
    const business = storeUrl(values)
    const { buyer, destination } = buyerOf(values)
    const named = typeof values['agent-key'] === 'string' ? loadSigner(values['agent-key']) : undefined
    // A passkey agent key binds no AP2 mandate key (MANDATE_SIGNER_UNSUPPORTED): refused before any request.
    if (named !== undefined) assertMandateSigner({ agent: named })
    const orchestrator = new OrchestratorClient(orchestratorBase, { token: clientToken() })
    // A new key is named by no intent: an intent that names its agents would refuse its proposal (AGENT_NOT_NAMED) after a session was opened.
    if (named === undefined && intentNamesAgents(await orchestrator.getIntent(intentId)))
      throw new UsageError(`intent ${intentId} names its agents: pass --agent-key with one of them (the agent proposes the checkout and signs the closed mandates)`)
    const agent: KeySigner = named ?? Ed25519Signer.generate()
    const bought = await checkoutWithIntent({
      business,
      orchestrator,
      intentId,
      items: itemsOf(values.item),
      ...(buyer === undefined ? {} : { buyer }),
      ...(destination === undefined ? {} : { destination }),
      ...(typeof values.shipping === 'string' ? { fulfillmentOptionId: values.shipping } : {}),
      ...(Array.isArray(values.discount) ? { discountCodes: values.discount as string[] } : {}),
      agent,
      ...(typeof values.profile === 'string' ? { profileUrl: values.profile } : {}),
      proofWaitMs: secondsOf(values['wait-timeout']) * 1000,
      onProgress: (step) => out.info(step),
    })
    const order = bought.order
    out.result(
      formatCheckoutOrder({ business, intentId, bought, webUrl: webUrl() }),
      { intent_id: intentId, business, checkout_id: bought.checkout.id, status: bought.checkout.status, order, amount: bought.amountCents, currency: bought.currency, payee: bought.payee, agent: agent.publicKeyBase58 },
    )
    return 0
  },
}

function itemsOf(flags: CommandContext['values'][string]): { id: string; quantity: number }[] | undefined {
  if (!Array.isArray(flags)) return undefined
  if (flags.length > CHECKOUT_ITEMS_MAX) throw new UsageError(`at most ${CHECKOUT_ITEMS_MAX} --item flags`)
  return (flags as string[]).map((flag) => {
    const match = /^(.+?)(?::([1-9][0-9]{0,5}))?$/.exec(flag)
    if (match === null) throw new UsageError(`--item ${flag}: expected VARIANT or VARIANT:QTY (a quantity of 1 to 999999)`)
    return { id: match[1]!, quantity: match[2] === undefined ? 1 : Number(match[2]) }
  })
}

type Fields = Record<string, string>

function buyerOf(values: CommandContext['values']): { buyer: Fields | undefined; destination: Fields | undefined } {
  let file: { buyer?: Fields; destination?: Fields } = {}
  if (typeof values.buyer === 'string') {
    try {
      file = JSON.parse(readFileSync(values.buyer, 'utf8')) as typeof file
    } catch (error) {
      throw new UsageError(`--buyer ${values.buyer}: ${(error as Error).message}`)
    }
    if (typeof file !== 'object' || file === null) throw new UsageError(`--buyer ${values.buyer}: expected a JSON object {"buyer": …, "destination": …}`)
  }
  const pick = (entries: [string, unknown][]) => Object.fromEntries(entries.filter(([, value]) => typeof value === 'string')) as Fields
  const buyer = { ...file.buyer, ...pick([['email', values.email], ['first_name', values['first-name']], ['last_name', values['last-name']]]) }
  const address = pick([['street_address', values.street], ['address_locality', values.city], ['address_region', values.region], ['postal_code', values['postal-code']], ['address_country', values.country]])
  const destination = { ...file.destination, ...address }
  return { buyer: Object.keys(buyer).length === 0 ? undefined : buyer, destination: Object.keys(destination).length === 0 ? undefined : { ...destination, ...(destination.first_name === undefined && buyer.first_name !== undefined ? { first_name: buyer.first_name } : {}), ...(destination.last_name === undefined && buyer.last_name !== undefined ? { last_name: buyer.last_name } : {}) } }
}

function secondsOf(text: CommandContext['values'][string]): number {
  if (text === undefined) return 180
  const seconds = Number(text)
  if (typeof text !== 'string' || !Number.isInteger(seconds) || seconds < 1 || seconds > 3600) throw new UsageError('--wait-timeout: whole seconds from 1 to 3600')
  return seconds
}
