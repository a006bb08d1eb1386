import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { waitForOutcome } from '../intents/waitForOutcome.ts'
import { withOpeningValues } from '../intents/sealedOpening.ts'
import { withFailureWords } from '../intents/failureWords.ts'
import { IntentId, OutcomeShape, TimeoutS } from './schemas.ts'
import type { ToolDependencies } from './ToolDependencies.ts'
import { runTool, toolSuccess } from './toolResult.ts'
import { waitOptionsOf } from './waitOptions.ts'

export const WAIT_FOR_OUTCOME_DESCRIPTION =
  "Waits for an intent's outcome after its proposal, watching the orchestrator's event stream, bounded by `timeout_s`. Returns " +
  'status success (the proof exists: call verify_proof), failure (with the reason and each failed constraint with its values), ' +
  'or expired; an intent that already has its outcome is answered at once. `timed_out: true` means no outcome yet (the ' +
  'proof is still being made, usually seconds): call it again.'

export function registerWaitForOutcomeTool(server: McpServer, deps: ToolDependencies): void {
  server.registerTool(
    'wait_for_outcome',
    {
      title: 'Wait for the outcome',
      description: WAIT_FOR_OUTCOME_DESCRIPTION,
      inputSchema: { intent_id: IntentId, timeout_s: TimeoutS(deps.limits.waitTimeoutSDefault, deps.limits.waitTimeoutSMax) },
      outputSchema: OutcomeShape,
      annotations: { readOnlyHint: true },
    },
    ({ intent_id, timeout_s }, extra) =>
      runTool(async () => {
        const outcome = await waitForOutcome(deps.orchestrator, { intentId: intent_id, ...waitOptionsOf(deps, timeout_s, extra) })
        // A sealed intent's failure names constraints without values; the opening the user handed over shows them.
        return toolSuccess('wait_for_outcome', await withFailureWords(deps, intent_id, withOpeningValues(deps, intent_id, outcome)), deps.limits.toolOutputBytesMax, 'the evidence is too large to show')
      }),
  )
}
