// GET /vaults/{owner_id}/finalized: the finalized view of a vault where the domain settles. On an
// EVM chain, the vault's slots at the contract's root with their Merkle paths (EvmFinalizedVaults);
// on the base layer, `{settlement: "base_layer"}`: the base layer serves that view (its getVault).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { BaseLayerUnavailableError } from '@verity/base-layer'
import { DomainErrorBody as ErrorBodySchema, FinalizedVault, OwnerId, type EvmFinalizedVault, type Static } from '@verity/wire'

export type FinalizedVaultSource = { finalizedVault(ownerId: string): Promise<Static<typeof EvmFinalizedVault>> }

export type FinalizedVaultRoutesOptions = {
  /** The EVM source; null when the domain settles on the base layer; undefined while it starts. */
  finalizedVaults: () => FinalizedVaultSource | null | undefined
}

export const finalizedVaultRoutes: FastifyPluginAsyncTypebox<FinalizedVaultRoutesOptions> = async (app, { finalizedVaults }) => {
  app.get(
    '/vaults/:owner_id/finalized',
    {
      schema: {
        summary: "A vault's finalized view: on an EVM chain, its slots at the contract's root with Merkle paths to check against that root",
        tags: ['vaults'],
        params: Type.Object({ owner_id: OwnerId }),
        response: { 200: FinalizedVault, 400: ErrorBodySchema, 503: ErrorBodySchema },
      },
    },
    async (request) => {
      const source = finalizedVaults()
      if (source === undefined) throw new BaseLayerUnavailableError({ reason: 'the domain is still starting' })
      if (source === null) return { settlement: 'base_layer' as const }
      return source.finalizedVault(request.params.owner_id)
    },
  )
}
