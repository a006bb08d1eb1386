import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { readIntentView } from '../intents/readIntentView.ts'
import { openingOf } from '../intents/sealedOpening.ts'
import { IntentId } from './schemas.ts'
import type { ToolDependencies } from './ToolDependencies.ts'
import { runTool, toolSuccess } from './toolResult.ts'

export const GET_INTENT_DESCRIPTION =
  'Reads a signed intent: what the user allowed you to do. Returns its template, the user\'s parameters (attrs), its status ' +
  '(pending: waiting for a proposal; proving; success; failure; expired), the evidence fields a candidate must show, and every ' +
  'constraint both as written and in plain words with the user\'s values filled in (e.g. "category is one of \\"t-shirt\\", \\"polo\\""; ' +
  '"price ≤ $25.00", money as money; raw values in attrs). Call it first, before searching: a solution is accepted only if its evidence satisfies every constraint ' +
  'whose `applies` is true. An intent has exactly one proposal, so read it carefully. `spelling_warnings` lists the user\'s values ' +
  'that the default business spells no way (e.g. size "M" where it sells "Medium (M)"): no product of that business can match them; ' +
  'tell the user rather than propose there.'

export const IntentViewShape = {
  intent_id: z.string(),
  template_id: z.string(),
  template_name: z.string(),
  status: z.enum(['pending', 'proving', 'success', 'failure', 'expired']),
  signer: z.union([z.literal('Unsigned'), z.object({ owner_id: z.string(), scheme: z.string() })]),
  attrs: z.record(z.unknown()).describe("the user's parameters"),
  sealed: z
    .object({ attrs: z.enum(['opening', 'disclosed']) })
    .optional()
    .describe('a sealed intent: attrs are the user\'s (opening handed over) or only those shown in the clear (disclosed)'),
  evidence_fields: z.array(z.object({ name: z.string(), type: z.string() })),
  constraints: z.array(
    z.object({
      index: z.number().int(),
      expression: z.string(),
      in_words: z.string(),
      applies: z.boolean().describe('false: an optional constraint whose fields the user left out; not checked'),
    }),
  ),
  spelling_warnings: z
    .array(z.object({ field: z.string(), value: z.string(), business: z.string(), closest: z.string().optional(), spellings: z.array(z.string()), message: z.string() }))
    .optional()
    .describe('the user\'s values the default business spells no way, read from its catalog (absent when not checked)'),
  spellings_unchecked: z.string().optional().describe('why the spellings were not checked (the business did not answer)'),
}

export function registerGetIntentTool(server: McpServer, deps: ToolDependencies): void {
  server.registerTool(
    'get_intent',
    { title: 'Read an intent', description: GET_INTENT_DESCRIPTION, inputSchema: { intent_id: IntentId }, outputSchema: IntentViewShape, annotations: { readOnlyHint: true } },
    ({ intent_id }) =>
      runTool(async () => toolSuccess('get_intent', await readIntentView(deps.orchestrator, intent_id, openingOf(deps, intent_id), { url: deps.businessUrl, client: deps.business(deps.businessUrl) }), deps.limits.toolOutputBytesMax, 'the template is too large to show')),
  )
}
