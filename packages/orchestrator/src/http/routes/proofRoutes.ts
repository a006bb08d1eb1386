import type { FastifyPluginAsync } from 'fastify'
import { encodeBase64Url, stringifyJsonBigint } from '@verity/core'
import { ProofNotFoundError } from '../../errors/proposalErrors.ts'
import type { OrchestratorContext } from '../OrchestratorContext.ts'
import { errorResponses, IntentIdParams, ProofBundle } from '../schemas.ts'
import { readStoredProposal } from '../../proposals/storedProposal.ts'

/**
 * `"proposal": …` of the bundle, and `"agent_authorization": …` beside it for an agent-bound intent.
 * A stored proposal without the agent's signature (most) is spliced as it is.
 */
function proposalFieldsJson(proposalJson: string): string {
  if (!proposalJson.includes('"agent_authorization"')) return `"proposal":${proposalJson}`
  const { proposal, agentAuthorization } = readStoredProposal(proposalJson)
  const authorization = agentAuthorization === undefined ? '' : `,"agent_authorization":${stringifyJsonBigint(agentAuthorization)}`
  return `"proposal":${stringifyJsonBigint(proposal)}${authorization}`
}

/**
 * GET /proofs/{intent_id}: everything an offline verifier needs: the signed intent as submitted,
 * the proposal (and, for an agent-bound intent, the agent's `agent_authorization`), the evidence, the proof (artifact and salt) and the template (source and compiled
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
      const text = `{"signed_intent":${intent.signedIntentJson},${proposalFieldsJson(intent.proposalJson)},"evidence":${proof.evidenceJson},"proof":${proof.proofJson},"template":${templateJson}}`
      return reply.type('application/json; charset=utf-8').serializer((payload) => payload as string).send(text)
    },
  )
}
