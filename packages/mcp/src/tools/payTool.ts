import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { formatAmount, payMandate } from '@verity/sdk'
import { z } from 'zod'
import { IntentId } from './schemas.ts'
import type { ToolDependencies } from './ToolDependencies.ts'
import { runTool, toolSuccess } from './toolResult.ts'

export const PAY_DESCRIPTION =
  'Pays for a proven purchase, after propose_solution succeeded (wait_for_outcome says success): the intent\'s proof is the ' +
  "user's authorization, so no key and no signature are needed. The domain moves exactly the proven price " +
  '(evidence.price_cents) of the token the user chose (intent.payment_token) from the user\'s vault to the proven merchant ' +
  '(evidence.payee), once: a second pay of the same intent is refused (MANDATE_ALREADY_PAID), so a retry after an unclear ' +
  "answer is safe. Only intents of a payable template can pay. Errors name the refusal: MANDATE_EXPIRED (the user's " +
  'payment deadline passed), MANDATE_EXTRACTOR_UNTRUSTED, MANDATE_TEMPLATE_NOT_PAYABLE, MANDATE_TOKEN_NOT_ACCEPTED (the ' +
  "merchant's payment handler does not accept the user's token), OVERDRAFT (the user's vault " +
  'lacks the funds), PROOF_NOT_FOUND (no proof yet), and the other MANDATE_* codes of docs/domain.md.'

export function registerPayTool(server: McpServer, deps: ToolDependencies): void {
  server.registerTool(
    'pay',
    {
      title: 'Pay for a proven purchase',
      description: PAY_DESCRIPTION,
      inputSchema: { intent_id: IntentId },
      outputSchema: {
        intent_id: z.string(),
        from: z.string().describe("the user's vault that paid"),
        to: z.string().describe('the merchant (evidence.payee)'),
        token: z.string(),
        amount: z.string().describe('evidence.price_cents, in the token\'s smallest unit'),
        amount_shown: z.string().describe('the amount as money for a person: "$19.99 USD" (a token minted with the symbol USD, EUR or GBP is read in cents), else "1,999 minor units of SYMBOL"'),
        token_name: z.string().optional().describe("the token's name and symbol from its mint, e.g. \"Devnet Dollar (USD)\"; absent when the domain does not know the token"),
        applied: z.number().int(),
      },
      annotations: { destructiveHint: true, idempotentHint: true },
    },
    ({ intent_id }) =>
      runTool(async () => {
        const bundle = await deps.orchestrator.getProof(intent_id)
        const { applied, payment } = await payMandate(deps.domain, bundle)
        // Paid: a token whose metadata cannot be read now is shown in minor units, not as a failure.
        const token = await deps.tokens.describe(payment.token).catch(() => undefined)
        const named = token === undefined ? {} : { token_name: `${token.name} (${token.symbol})` }
        const structured = { intent_id, from: payment.debited, to: payment.credited, token: payment.token, amount: payment.amount.toString(), amount_shown: formatAmount(payment.amount, token), ...named, applied }
        return toolSuccess('pay', structured, deps.limits.toolOutputBytesMax, '')
      }),
  )
}
