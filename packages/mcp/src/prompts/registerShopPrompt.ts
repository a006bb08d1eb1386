import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'

/** The steps of `shop_within_intent`, for a model acting for the user who signed the intent. */
export function shopWithinIntentText(intentId: string, goal: string | undefined): string {
  return [
    `You are shopping for a user who signed intent ${intentId}. The intent is what they allowed: stay within it.`,
    ...(goal === undefined ? [] : [`The user's request, in their words: ${goal}`]),
    '',
    '1. Call get_intent. Read every constraint whose `applies` is true, in plain words (`in_words`); they are the rules.',
    '2. Call search_catalog (a UCP business: the demo store unless the user named another `business`) with filters taken from',
    '   the constraints (category, options such as Size and Color, attributes such as Audience, price_cents_max). Prefer a few',
    '   precise searches to one broad one. Sizes and colours are the business\'s own words (e.g. "Medium (M)").',
    '3. For each promising hit, call check_solution with its `solution` and `metadata` (or `business`). It is a free dry run: it tells you whether the',
    '   candidate passes and, if not, which constraints fail with the values. Drop failing candidates.',
    '4. When a candidate passes, call propose_solution with it (same `solution` and `metadata`) and `wait: true`. An intent has exactly ONE proposal: never',
    '   propose a candidate that did not pass check_solution. If the outcome times out, call wait_for_outcome.',
    '5. On success, call verify_proof with the intent id and tell the user what was bought, that the proof verified, and who',
    '   vouched for the evidence (`vouched_by`). On failure, report the reason; do not try again.',
    '6. If the user asked you to buy and the intent is payable (get_intent shows payment_token and the evidence a payee), call pay',
    '   with the intent id: the proof pays the proven price to the proven merchant, once. Report what was paid, or the refusal code.',
    '',
    'If nothing passes, say which constraints no candidate could meet, and stop without proposing.',
  ].join('\n')
}

/** The prompt `shop_within_intent`: get_intent → search_catalog → check_solution → propose_solution → verify_proof. */
export function registerShopPrompt(server: McpServer): void {
  server.registerPrompt(
    'shop_within_intent',
    {
      title: 'Shop within a signed intent',
      description: 'Walks the model through reading an intent, searching, checking candidates, proposing one and verifying the proof.',
      argsSchema: {
        intent_id: z.string().describe('the intent id the user signed'),
        goal: z.string().optional().describe("the user's request in their words (optional)"),
      },
    },
    ({ intent_id, goal }) => ({
      description: `Shop within intent ${intent_id}`,
      messages: [{ role: 'user', content: { type: 'text', text: shopWithinIntentText(intent_id, goal) } }],
    }),
  )
}
