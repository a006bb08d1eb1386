import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { Business, ConstraintFailure, Evidence, InputDataProblem, IntentId, Metadata, metadataWithBusiness, Solution } from './schemas.ts'
import type { ToolDependencies } from './ToolDependencies.ts'
import { runTool, toolSuccess } from './toolResult.ts'
import { withOpeningValues } from '../intents/sealedOpening.ts'
import { withFailureWords } from '../intents/failureWords.ts'

export const CHECK_SOLUTION_DESCRIPTION =
  "A dry run, and your preflight before proposing: the orchestrator extracts the evidence for a candidate solution and evaluates " +
  "the intent's constraints, without a proof, without storing anything and without using up the intent's one proposal. Returns " +
  '`ok: true` with the evidence when every constraint holds, or `ok: false` with the reason and each failed constraint (its index, ' +
  'expression and the values that broke it) or, when the evidence does not match the template, every field missing or mistyped ' +
  '(`input_data_errors`), so you can pick a better candidate. Call it for every candidate you consider, and ' +
  'propose only one that passed. A failing candidate is an answer, not an error. A sealed intent answers only the dry run of an ' +
  'agent it names (signed with your --key): one that names no agents refuses every check (SEALED_CHECK_UNAUTHORIZED, so that nobody ' +
  'can probe its hidden limits); ask the user to name you, or propose without a check.'

export function registerCheckSolutionTool(server: McpServer, deps: ToolDependencies): void {
  server.registerTool(
    'check_solution',
    {
      title: 'Check a candidate (dry run)',
      description: CHECK_SOLUTION_DESCRIPTION,
      inputSchema: { intent_id: IntentId, solution: Solution, business: Business, metadata: Metadata },
      outputSchema: {
        ok: z.boolean().describe('true: proposing this solution would satisfy every constraint'),
        reason: z.string().optional(),
        evidence: Evidence.nullable().describe('the facts established for the solution (null when extraction failed)'),
        constraint_failures: z.array(ConstraintFailure).optional(),
        input_data_errors: z.array(InputDataProblem).optional().describe('every evidence field missing, unknown or of the wrong type, all at once'),
      },
      annotations: { readOnlyHint: true },
    },
    ({ intent_id, solution, business, metadata }) =>
      runTool(async () => {
        const check = await deps.orchestrator.checkProposal(intent_id, { solution, metadata: metadataWithBusiness(metadata, business) }, deps.signer === undefined ? {} : { agent: deps.signer })
        return toolSuccess('check_solution', await withFailureWords(deps, intent_id, withOpeningValues(deps, intent_id, check)), deps.limits.toolOutputBytesMax, 'the evidence is too large to show')
      }),
  )
}
