// POST /intents/execute (default execution) and POST /intents/submit (caller-computed diffs).
// Each body is one ordered batch, applied atomically.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { DomainApi } from '../DomainApi.ts'
import { ApplyResult, DomainErrorBody as ErrorBodySchema, ExecuteRequest, SubmitRequest } from '@verity/wire'

const errors = { 400: ErrorBodySchema, 409: ErrorBodySchema, 413: ErrorBodySchema }

export const intentRoutes: FastifyPluginAsyncTypebox<{ domain: DomainApi }> = async (app, { domain }) => {
  app.post(
    '/intents/execute',
    {
      schema: {
        summary: 'Default-execute an ordered batch of signed transactions and apply it to the local state, all or nothing',
        tags: ['intents'],
        body: ExecuteRequest,
        response: { 200: ApplyResult, ...errors },
      },
    },
    async (request) => {
      const result = await domain.execute(request.body)
      return { message: 'Verifiables executed and applied successfully', applied: result.applied }
    },
  )
  app.post(
    '/intents/submit',
    {
      schema: {
        summary: 'Apply an ordered batch of signed transactions with caller-computed state diffs, all or nothing',
        tags: ['intents'],
        body: SubmitRequest,
        response: { 200: ApplyResult, ...errors },
      },
    },
    async (request) => {
      const result = await domain.submit(request.body)
      return { message: 'Verifiables applied successfully', applied: result.applied }
    },
  )
}
