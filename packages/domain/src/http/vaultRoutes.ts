// GET /vaults/{owner_id} and GET /vaults/{owner_id}/nonce.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import type { DomainApi } from '../DomainApi.ts'
import { DomainErrorBody as ErrorBodySchema, OwnerId, U64, Vault } from '@verity/wire'

const Params = Type.Object({ owner_id: OwnerId })

export const vaultRoutes: FastifyPluginAsyncTypebox<{ domain: DomainApi }> = async (app, { domain }) => {
  app.get(
    '/vaults/:owner_id',
    {
      schema: {
        summary: "A vault's balance and token holdings, from the local state view",
        tags: ['vaults'],
        params: Params,
        response: { 200: Vault, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => (await domain.getVault(request.params.owner_id)) as never,
  )
  app.get(
    '/vaults/:owner_id/nonce',
    {
      schema: {
        summary: 'The next nonce the vault accepts (1 for a vault never seen)',
        tags: ['vaults'],
        params: Params,
        response: { 200: U64, 400: ErrorBodySchema },
      },
    },
    async (request) => domain.nextNonce(request.params.owner_id),
  )
}
