import type { FastifyPluginAsync } from 'fastify'
import { stringifyJsonBigint } from '@verity/core'
import { checkProposal } from '../../proposals/checkProposal.ts'
import { parseProposal } from '../../proposals/parseProposal.ts'
import type { OrchestratorContext } from '../OrchestratorContext.ts'
import { errorResponses, IntentIdParams, ProposalCheckResponse, ProposalSubmission } from '../schemas.ts'

/**
 * POST /intents/{intent_id}/check (our addition; the spec's endpoints keep their shapes): a dry
 * run of a proposal for agents. Evidence is extracted and the constraints evaluated; nothing is
 * proven or stored and the intent keeps its one proposal.
 */
export const checkRoutes: FastifyPluginAsync<{ context: OrchestratorContext }> = async (app, { context }) => {
  app.post(
    '/intents/:intent_id/check',
    {
      config: { decodeBody: parseProposal },
      schema: {
        operationId: 'intents_check',
        tags: ['intents'],
        summary: 'Dry-run a proposal (no proof, nothing stored)',
        params: IntentIdParams,
        body: ProposalSubmission,
        response: { 200: ProposalCheckResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { intent_id: intentId } = request.params as { intent_id: string }
      const check = await checkProposal(context, intentId, request.body, context.agentOrigins(request.socket.localPort))
      // Evidence may hold integers beyond 2^53 (bigint): written exactly, not by the schema serializer.
      return reply.type('application/json; charset=utf-8').serializer((text) => text as string).send(stringifyJsonBigint(check))
    },
  )
}
