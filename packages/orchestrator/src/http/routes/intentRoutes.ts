import type { FastifyPluginAsync } from 'fastify'
import { IntentNotFoundError } from '../../errors/intentErrors.ts'
import { parseSignedIntent } from '../../intents/parseSignedIntent.ts'
import { submitIntent } from '../../intents/submitIntent.ts'
import { parseProposal } from '../../proposals/parseProposal.ts'
import { submitProposal } from '../../proposals/submitProposal.ts'
import type { OrchestratorContext } from '../OrchestratorContext.ts'
import { errorResponses, IntentIdParams, IntentStatusResponse, ProposalSubmission, SignedIntent, SubmittedIntent } from '../schemas.ts'

const NoBody = (description: string) => ({ description, type: 'null' }) as const

/** POST /intents, GET /intents/{id}, GET /intents/{id}/status, POST /intents/{id}/proposal. */
export const intentRoutes: FastifyPluginAsync<{ context: OrchestratorContext }> = async (app, { context }) => {
  app.post(
    '/intents',
    {
      // A body the schema refuses is explained by the exact parser (its code, the field in its words).
      config: { decodeBody: parseSignedIntent },
      schema: {
        operationId: 'intents_submit',
        tags: ['intents'],
        body: SubmittedIntent,
        response: { 200: NoBody('intent accepted (no body)'), ...errorResponses(400, 409) },
      },
    },
    async (request, reply) => {
      await submitIntent(context, request.body)
      return reply.code(200).send()
    },
  )
  app.get(
    '/intents/:intent_id',
    {
      schema: {
        operationId: 'intents_get',
        tags: ['intents'],
        params: IntentIdParams,
        response: { 200: SignedIntent, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { intent_id: intentId } = request.params as { intent_id: string }
      const intent = await context.store.getIntent(intentId)
      if (intent === undefined) throw new IntentNotFoundError({ intentId })
      // Stored as submitted (big integers kept exactly): sent as text, not re-serialised.
      return reply.type('application/json; charset=utf-8').serializer((text) => text as string).send(intent.signedIntentJson)
    },
  )
  app.get(
    '/intents/:intent_id/status',
    {
      schema: {
        operationId: 'intents_status',
        tags: ['intents'],
        params: IntentIdParams,
        response: { 200: IntentStatusResponse, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { intent_id: intentId } = request.params as { intent_id: string }
      const intent = await context.store.getIntent(intentId)
      if (intent === undefined) throw new IntentNotFoundError({ intentId })
      if (intent.status !== 'proving') return { status: intent.status }
      // Our addition: where the proposal stands in the FIFO proving queue (the status stays the spec's).
      const position = await context.store.provingQueuePosition(intentId)
      return position === undefined ? { status: intent.status } : { status: intent.status, queue_position: position }
    },
  )
  app.post(
    '/intents/:intent_id/proposal',
    {
      config: { decodeBody: parseProposal },
      schema: {
        operationId: 'intents_propose',
        tags: ['intents'],
        params: IntentIdParams,
        body: ProposalSubmission,
        response: { 200: NoBody('proposal accepted, proving started (no body)'), ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request, reply) => {
      const { intent_id: intentId } = request.params as { intent_id: string }
      await submitProposal(
        {
          store: context.store,
          nowMs: context.nowMs,
          backlogMax: context.jobBacklogMax,
          onAccepted: () => context.runner.notify(),
          acceptedOrigins: context.agentOrigins(request.socket.localPort),
          passkeyPolicy: context.passkeyPolicy,
        },
        intentId,
        request.body,
      )
      // Ties this request's id (reqId) to the intent the proposal job logs under (docs/operations.md).
      request.log.info({ intent_id: intentId }, 'proposal accepted')
      return reply.code(200).send()
    },
  )
}
