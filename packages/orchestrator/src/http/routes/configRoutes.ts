import type { FastifyPluginAsync } from 'fastify'
import { parseExtractorKey } from '../../config/parseExtractorKey.ts'
import { parseExtractorUrl } from '../../config/parseExtractorUrl.ts'
import { InvalidExtractorUrlError } from '../../errors/configErrors.ts'
import type { OrchestratorContext } from '../OrchestratorContext.ts'
import { errorResponses, RuntimeConfig, UpdateRuntimeConfigRequest } from '../schemas.ts'

/** GET/PUT /config: the evidence extractor URL and (our addition) the key it attests with, persisted in the store. */
export const configRoutes: FastifyPluginAsync<{ context: OrchestratorContext }> = async (app, { context }) => {
  app.get(
    '/config',
    { schema: { operationId: 'config_get', tags: ['config'], response: { 200: RuntimeConfig, ...errorResponses() } } },
    async () => {
      const { url, key } = await context.extractorConfig()
      return { evidence_extractor_url: url, evidence_extractor_key: key }
    },
  )
  app.put(
    '/config',
    {
      schema: {
        operationId: 'config_set',
        tags: ['config'],
        body: UpdateRuntimeConfigRequest,
        response: { 200: { description: 'configuration updated (no body)', type: 'null' }, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const body = request.body as Record<string, unknown> | null
      if (body === null || typeof body !== 'object' || Array.isArray(body) || !('evidence_extractor_url' in body))
        throw new InvalidExtractorUrlError({ url: '', reason: 'expected a JSON object {"evidence_extractor_url": string}' })
      const url = parseExtractorUrl(body.evidence_extractor_url)
      await context.store.setExtractorConfig({ url, key: parseExtractorKey(body.evidence_extractor_key) })
      return reply.code(200).send()
    },
  )
}
