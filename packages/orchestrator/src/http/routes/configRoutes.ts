import type { FastifyPluginAsync } from 'fastify'
import { parseExtractorKey } from '../../config/parseExtractorKey.ts'
import { parseExtractorUrl } from '../../config/parseExtractorUrl.ts'
import { InvalidExtractorUrlError } from '../../errors/configErrors.ts'
import type { OrchestratorContext } from '../OrchestratorContext.ts'
import { errorResponses, RuntimeConfig, UpdateRuntimeConfigRequest } from '../schemas.ts'

/** The body of PUT /config, decoded: the URL and the key, each checked (InvalidExtractorUrlError / InvalidExtractorKeyError). */
function parseConfigUpdate(body: unknown): { url: string; key: string } {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || !('evidence_extractor_url' in body))
    throw new InvalidExtractorUrlError({ url: '', reason: 'expected a JSON object {"evidence_extractor_url": string}' })
  const fields = body as Record<string, unknown>
  return { url: parseExtractorUrl(fields.evidence_extractor_url), key: parseExtractorKey(fields.evidence_extractor_key) }
}

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
      config: { decodeBody: parseConfigUpdate },
      schema: {
        operationId: 'config_set',
        tags: ['config'],
        body: UpdateRuntimeConfigRequest,
        response: { 200: { description: 'configuration updated (no body)', type: 'null' }, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      await context.store.setExtractorConfig(parseConfigUpdate(request.body))
      return reply.code(200).send()
    },
  )
}
