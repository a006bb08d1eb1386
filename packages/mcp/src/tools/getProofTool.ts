import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { IntentId } from './schemas.ts'
import type { ToolDependencies } from './ToolDependencies.ts'
import { runTool, toolSuccess } from './toolResult.ts'

export const GET_PROOF_DESCRIPTION =
  "Fetches the proof bundle of an intent whose proposal succeeded: the signed intent, the proposal, the evidence, the " +
  'zero-knowledge proof and the template. Anyone can verify it offline without trusting the orchestrator (verify_proof does ' +
  'that for you). Give it to the user or keep it as the receipt of the purchase. Error PROOF_NOT_FOUND: the intent has no ' +
  'proof (not proposed yet, still proving, failed or expired).'

export function registerGetProofTool(server: McpServer, deps: ToolDependencies): void {
  server.registerTool(
    'get_proof',
    {
      title: 'Fetch a proof',
      description: GET_PROOF_DESCRIPTION,
      inputSchema: { intent_id: IntentId },
      outputSchema: {
        intent_id: z.string(),
        proof: z.record(z.unknown()).describe('the bundle: {signed_intent, proposal, evidence, proof, template}; pass it to verify_proof as `proof`'),
      },
      annotations: { readOnlyHint: true },
    },
    ({ intent_id }) =>
      runTool(async () => {
        const bundle = await deps.orchestrator.getProof(intent_id)
        return toolSuccess('get_proof', { intent_id, proof: bundle as unknown as Record<string, unknown> }, deps.limits.toolOutputBytesMax, 'fetch it over HTTP: GET /proofs/{intent_id}')
      }),
  )
}
