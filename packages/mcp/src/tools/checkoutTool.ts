import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { KeySigner } from '@verity/core'
import { assertMandateSigner, checkoutWithIntent, formatAmount } from '@verity/sdk'
import { z } from 'zod'
import { AgentKeyMissingError } from '../errors/mcpErrors.ts'
import { IntentId } from './schemas.ts'
import type { ToolDependencies } from './ToolDependencies.ts'
import { runTool, toolSuccess } from './toolResult.ts'

export const CHECKOUT_DESCRIPTION =
  'Buys what a Verity intent allows at a UCP business and returns the order (docs/ap2-verity-constraint.md). For a pending ' +
  'intent it opens a checkout session with `items` (variant ids from search_catalog), the buyer and where to ship, proposes ' +
  'that session (the proof then covers the checkout total, shipping included), waits for the proof, and completes the ' +
  'session with AP2 mandates that carry the intent (the signed intent is the user\'s authority, whatever signed it: an ' +
  'Ed25519 key, a passkey or a multisig), made with your key (--key, one the intent names): it binds your AP2 mandate key. ' +
  'The business verifies it all and is paid by the intent\'s mandate payment before it places the order. ' +
  'Check the candidate first (check_solution with a product is a good dry run). Refusals name why: a business without ' +
  'AP2 or dev.verity.domain, in its profile or in the session it opens (VERITY_PAYMENT_UNAVAILABLE, naming what it lacks: ' +
  'nothing is proposed, signed or paid), one without checkout (UCP_BUSINESS_UNUSABLE), an unsigned intent or a server ' +
  'key that is not Ed25519 (MANDATE_SIGNER_UNSUPPORTED: nothing is created or spent), intent_already_used (the intent ' +
  'paid another checkout), mandate_scope_mismatch (the cart differs from the proven one), CHECKOUT_REFUSED (not proven).'

const Item = z.object({ id: z.string().min(1).max(2_048), quantity: z.number().int().min(1).max(999_999).default(1) })
const Text = z.string().max(256).optional()

export function registerCheckoutTool(server: McpServer, deps: ToolDependencies): void {
  server.registerTool(
    'checkout',
    {
      title: 'Buy with a proven intent (UCP checkout, AP2 mandates)',
      description: CHECKOUT_DESCRIPTION,
      inputSchema: {
        intent_id: IntentId,
        business: z.string().url().max(2_048).optional().describe('the UCP business (default: the one search_catalog uses)'),
        items: z.array(Item).min(1).max(16).optional().describe('what to buy when the intent is pending: variant ids and quantities'),
        buyer: z.object({ email: Text, first_name: Text, last_name: Text, phone_number: Text }).optional(),
        destination: z
          .object({ street_address: Text, address_locality: Text, address_region: Text, postal_code: Text, address_country: Text, first_name: Text, last_name: Text })
          .optional()
          .describe('where to ship (postal address)'),
        fulfillment_option_id: z.string().max(256).optional().describe("the business's shipping option (default its first)"),
      },
      outputSchema: {
        intent_id: z.string(),
        business: z.string(),
        checkout_id: z.string(),
        status: z.string().describe('the checkout status: completed'),
        order_id: z.string().optional(),
        order_url: z.string().optional(),
        amount: z.string().describe('the checkout total paid, in minor units of `currency`'),
        currency: z.string(),
        amount_shown: z.string().describe('the total as money for a person, e.g. "$24.99 USD" (USD, EUR and GBP in cents; other currencies in minor units)'),
        payee: z.string().describe("the business's vault that was paid"),
      },
      annotations: { destructiveHint: true, idempotentHint: false },
    },
    ({ intent_id, business, items, buyer, destination, fulfillment_option_id }) =>
      runTool(async () => {
        if (deps.signer === undefined) throw new AgentKeyMissingError()
        // The agent binds its AP2 mandate key with an Ed25519 signature: a passkey or multisig --key is refused before anything is read or created.
        assertMandateSigner({ agent: deps.signer })
        const url = (business ?? deps.businessUrl).replace(/\/+$/, '')
        const bought = await checkoutWithIntent({
          business: url,
          orchestrator: deps.orchestrator,
          intentId: intent_id,
          ...(items === undefined ? {} : { items }),
          ...(buyer === undefined ? {} : { buyer }),
          ...(destination === undefined ? {} : { destination }),
          ...(fulfillment_option_id === undefined ? {} : { fulfillmentOptionId: fulfillment_option_id }),
          // Its requests are signed with the agent's request key, under the agent's own profile (the orchestrator serves it): the session is the agent's alone.
          agent: deps.signer as KeySigner,
        })
        const structured = {
          intent_id,
          business: url,
          checkout_id: bought.checkout.id,
          status: bought.checkout.status,
          ...(bought.order?.id === undefined ? {} : { order_id: bought.order.id }),
          ...(bought.order?.permalink_url === undefined ? {} : { order_url: bought.order.permalink_url }),
          amount: bought.amountCents.toString(),
          currency: bought.currency,
          amount_shown: formatAmount(bought.amountCents, { symbol: bought.currency.toUpperCase(), name: bought.currency.toUpperCase() }),
          payee: bought.payee,
        }
        return toolSuccess('checkout', structured, deps.limits.toolOutputBytesMax, '')
      }),
  )
}
