// The SDL endpoints: list, status, create from pending diffs, prove (in the background), submit the proof.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply } from 'fastify'
import { Type } from 'typebox'
import type { DomainApi } from '../DomainApi.ts'
import { InvalidRequestError } from '@verity/core'
import { SDL_PAGE_LIMIT_DEFAULT, SDL_PAGE_LIMIT_MAX } from '../limits.ts'
import { DomainErrorBody as ErrorBodySchema, HashDigest, SdlState, SdlStateReply } from '@verity/wire'

const Params = Type.Object({ hash: HashDigest })
const Paging = Type.Object({
  offset: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$', description: 'SDLs to skip, in creation order (default 0)' })),
  limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$', description: `SDLs to return, 1 to ${SDL_PAGE_LIMIT_MAX} (default ${SDL_PAGE_LIMIT_DEFAULT})` })),
})

function pageOf(query: { offset?: string; limit?: string }): { offset: number; limit: number } {
  const limit = query.limit === undefined ? SDL_PAGE_LIMIT_DEFAULT : Number(query.limit)
  if (limit < 1 || limit > SDL_PAGE_LIMIT_MAX) throw new InvalidRequestError({ reason: `querystring/limit must be from 1 to ${SDL_PAGE_LIMIT_MAX}` })
  return { offset: query.offset === undefined ? 0 : Number(query.offset), limit }
}

/** Fastify sends a string reply as it is; a JSON string (an SDL hash, a state name) must be encoded first. */
function sendJson(reply: FastifyReply, value: unknown): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(value))
}

export const sdlRoutes: FastifyPluginAsyncTypebox<{ domain: DomainApi }> = async (app, { domain }) => {
  app.get(
    '/sdls',
    {
      schema: {
        summary: 'SDLs and their states, as [hash, state] pairs in creation order',
        tags: ['sdls'],
        querystring: Paging,
        response: { 200: Type.Array(Type.Tuple([HashDigest, SdlState])), 400: ErrorBodySchema },
      },
    },
    async (request) => {
      const page = pageOf(request.query)
      return domain.listSdls(page.offset, page.limit)
    },
  )
  app.get(
    '/sdls/:hash',
    {
      schema: { summary: 'The state of one SDL', tags: ['sdls'], params: Params, response: { 200: SdlState, 404: ErrorBodySchema } },
    },
    async (request, reply) => sendJson(reply, await domain.getSdlState(request.params.hash)),
  )
  app.post(
    '/sdls/submit',
    {
      schema: {
        summary: 'Bundle the pending state diffs into a new SDL; null when nothing is pending',
        tags: ['sdls'],
        response: { 200: Type.Union([HashDigest, Type.Null()]) },
      },
    },
    async (_request, reply) => sendJson(reply, await domain.submitSdl()),
  )
  app.post(
    '/sdls/:hash/prove',
    {
      schema: {
        summary: 'Start proving the SDL in the background; the optional application/octet-stream body is the guardrail input (JSON)',
        tags: ['sdls'],
        params: Params,
        response: { 200: SdlStateReply, 202: SdlStateReply, 404: ErrorBodySchema, 409: ErrorBodySchema, 503: ErrorBodySchema },
      },
    },
    async (request, reply) => {
      const body = request.body
      const input = body instanceof Uint8Array && body.length > 0 ? new Uint8Array(body) : null
      const result = await domain.prove(request.params.hash, input)
      return reply
        .code(result.started ? 202 : 200)
        .send({ message: result.started ? 'Proving started' : 'Proving already started', state: result.state })
    },
  )
  app.post(
    '/sdls/:hash/submit_proof',
    {
      schema: {
        summary: 'Submit the proven SDL to the base layer',
        tags: ['sdls'],
        params: Params,
        response: { 200: SdlStateReply, 404: ErrorBodySchema, 409: ErrorBodySchema, 503: ErrorBodySchema },
      },
    },
    async (request) => ({ message: 'Proof submitted', state: await domain.submitProof(request.params.hash) }),
  )
}
