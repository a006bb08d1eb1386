// POST /intents/execute (default execution) and POST /intents/submit (caller-computed diffs).
// Each body is one ordered batch, applied atomically.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import type { DomainApi } from '../DomainApi.ts'
import { BATCH_ELEMENTS_MAX } from '../limits.ts'
import { DomainErrorBody as ErrorBodySchema, VerifiableType, VerifiableWithDiffs } from '@verity/wire'

const Applied = Type.Object({ message: Type.String(), applied: Type.Integer() })
const errors = { 400: ErrorBodySchema, 409: ErrorBodySchema, 413: ErrorBodySchema }

export const intentRoutes: FastifyPluginAsyncTypebox<{ domain: DomainApi }> = async (app, { domain }) => {
  app.post(
    '/intents/execute',
    {
      schema: {
        summary: 'Default-execute an ordered batch of signed transactions and apply it to the local state, all or nothing',
        tags: ['intents'],
        body: Type.Array(VerifiableType, { minItems: 1, maxItems: BATCH_ELEMENTS_MAX }),
        response: { 200: Applied, ...errors },
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
        body: Type.Array(VerifiableWithDiffs, { minItems: 1, maxItems: BATCH_ELEMENTS_MAX }),
        response: { 200: Applied, ...errors },
      },
    },
    async (request) => {
      const result = await domain.submit(request.body)
      return { message: 'Verifiables applied successfully', applied: result.applied }
    },
  )
}
