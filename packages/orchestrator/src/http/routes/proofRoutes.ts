import type { FastifyPluginAsync } from 'fastify'
import { encodeBase64Url } from '@verity/core'
import { ProofNotFoundError } from '../../errors/proposalErrors.ts'
import type { OrchestratorContext } from '../OrchestratorContext.ts'
import { errorResponses, IntentIdParams, ProofBundle } from '../schemas.ts'

/**
 * GET /proofs/{intent_id}: everything an offline verifier needs: the signed intent as submitted,
 * the proposal, the evidence, the proof (artifact and salt) and the template (source and compiled
 * bytes, from which it recomputes the template id).
 */
export const proofRoutes: FastifyPluginAsync<{ context: OrchestratorContext }> = async (app, { context }) => {
  app.get(
    '/proofs/:intent_id',
    {
      schema: {
        operationId: 'proofs_get',
        tags: ['proofs'],
        params: IntentIdParams,
        response: { 200: ProofBundle, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { intent_id: intentId } = request.params as { intent_id: string }
      const intent = await context.store.getIntent(intentId)
      if (intent === undefined) throw new ProofNotFoundError({ intentId })
      const proof = await context.store.getProof(intentId)
      if (proof === undefined || intent.proposalJson === null) throw new ProofNotFoundError({ intentId, status: intent.status })
      const template = await context.store.getTemplate(intent.templateId)
      // The template may have been deleted since; the proof stays verifiable without it only if the
      // verifier has the template, so we say so rather than omit it silently.
      const templateJson =
        template === undefined
          ? 'null'
          : JSON.stringify({ id: template.id, source: template.source, compiled_base64url: encodeBase64Url(template.compiled) })
      // Stored JSON texts are spliced as they are, so big integers are not rounded on the way out.
      const text = `{"signed_intent":${intent.signedIntentJson},"proposal":${intent.proposalJson},"evidence":${proof.evidenceJson},"proof":${proof.proofJson},"template":${templateJson}}`
      return reply.type('application/json; charset=utf-8').serializer((payload) => payload as string).send(text)
    },
  )
}
