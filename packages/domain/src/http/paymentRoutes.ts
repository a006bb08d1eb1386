// GET /payments: the mandate payments the domain applied (one intent's, or the latest), each with
// the SDL that carries it to settlement. Read-only and open, like the vaults.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { DomainErrorBody as ErrorBodySchema, MandatePaymentView, PaymentsQuery } from '@verity/wire'
import type { DomainApi } from '../DomainApi.ts'
import { PAYMENTS_PAGE_LIMIT_DEFAULT } from '../limits.ts'

export const paymentRoutes: FastifyPluginAsyncTypebox<{ domain: DomainApi }> = async (app, { domain }) => {
  app.get(
    '/payments',
    {
      schema: {
        summary: 'Mandate payments applied by this domain, newest first: those of an intent id (intent_id), exactly that of one signed intent (intent_digest), or the latest',
        tags: ['payments'],
        querystring: PaymentsQuery,
        response: { 200: Type.Array(MandatePaymentView), 400: ErrorBodySchema },
      },
    },
    async (request) =>
      (await domain.listPayments({
        ...(request.query.intent_id === undefined ? {} : { intentId: request.query.intent_id }),
        ...(request.query.intent_digest === undefined ? {} : { intentDigest: request.query.intent_digest }),
        limit: request.query.limit === undefined ? PAYMENTS_PAGE_LIMIT_DEFAULT : Number(request.query.limit),
      })) as never,
  )
}
