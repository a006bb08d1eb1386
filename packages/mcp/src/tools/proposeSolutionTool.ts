import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { waitForOutcome } from '../intents/waitForOutcome.ts'
import { withOpeningValues } from '../intents/sealedOpening.ts'
import { withFailureWords } from '../intents/failureWords.ts'
import { Business, IntentId, Metadata, metadataWithBusiness, OutcomeShape, Solution, TimeoutS } from './schemas.ts'
import type { ToolDependencies } from './ToolDependencies.ts'
import { runTool, toolSuccess } from './toolResult.ts'
import { waitOptionsOf } from './waitOptions.ts'

export const PROPOSE_SOLUTION_DESCRIPTION =
  "Submits the intent's one and only proposal: the orchestrator extracts the evidence, checks every constraint and, when all " +
  'hold, makes a zero-knowledge proof that the purchase is within what the user signed. It cannot be undone or repeated, so ' +
  'run check_solution first and propose only a candidate that passed. Without `wait`, returns once the proposal is accepted ' +
  '(status proving); with `wait: true`, waits (bounded by `timeout_s`) and returns the outcome: success (then call get_proof or ' +
  'verify_proof), failure with the reason and failed constraints, or `timed_out: true` (call wait_for_outcome). ' +
  'When the intent names its agents, the proposal is signed with this server\'s key (--key), which must be one of them. ' +
  'Errors: PROPOSAL_EXISTS (the intent already has its proposal), INTENT_EXPIRED, UNKNOWN_INTENT, AGENT_SIGNATURE_REQUIRED ' +
  '(the intent names agents and this server has no --key), AGENT_NOT_NAMED (this server\'s key is not one of them).'

/** `onProposed` runs once a proposal is accepted (the intent went to proving). */
export function registerProposeSolutionTool(server: McpServer, deps: ToolDependencies, onProposed: (intentId: string) => void = () => undefined): void {
  const { waitTimeoutSDefault, waitTimeoutSMax } = deps.limits
  server.registerTool(
    'propose_solution',
    {
      title: "Propose (uses the intent's one proposal)",
      description: PROPOSE_SOLUTION_DESCRIPTION,
      inputSchema: {
        intent_id: IntentId,
        solution: Solution,
        business: Business,
        metadata: Metadata,
        wait: z.boolean().optional().describe('wait for the outcome (default false)'),
        timeout_s: TimeoutS(waitTimeoutSDefault, waitTimeoutSMax),
      },
      outputSchema: { accepted: z.boolean(), outcome: z.object(OutcomeShape).optional().describe('with wait: true') },
      annotations: { destructiveHint: false, idempotentHint: false },
    },
    ({ intent_id, solution, business, metadata, wait, timeout_s }, extra) =>
      runTool(async () => {
        const proposal = { solution, metadata: metadataWithBusiness(metadata, business) }
        // An intent that names its agents takes only their signed proposals: the server signs with its --key.
        const agent = deps.signer === undefined ? {} : { agent: deps.signer }
        if (wait !== true) {
          await deps.orchestrator.propose(intent_id, proposal, agent)
          onProposed(intent_id)
          return toolSuccess('propose_solution', { accepted: true }, deps.limits.toolOutputBytesMax, '')
        }
        const outcome = await waitForOutcome(deps.orchestrator, {
          intentId: intent_id,
          ...waitOptionsOf(deps, timeout_s, extra),
          afterSubscribe: async () => {
            await deps.orchestrator.propose(intent_id, proposal, agent)
            onProposed(intent_id)
          },
        })
        return toolSuccess('propose_solution', { accepted: true, outcome: await withFailureWords(deps, intent_id, withOpeningValues(deps, intent_id, outcome)) }, deps.limits.toolOutputBytesMax, 'the evidence is too large to show')
      }),
  )
}
