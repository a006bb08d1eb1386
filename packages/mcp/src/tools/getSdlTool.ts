import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { SdlState } from '@verity/ledger'
import { z } from 'zod'
import type { ToolDependencies } from './ToolDependencies.ts'
import { runTool, toolSuccess } from './toolResult.ts'

/** How many SDLs one get_sdl page lists when no hash is given. */
export const SDL_PAGE_LENGTH = 20

export const GET_SDL_DESCRIPTION =
  'Reports settlement: the state of a state diff list (SDL), the batch in which the domain settles transfers on the base ' +
  'layer. States in order: Submitted, Proving, Proven, ProofSubmitted, BaseLayerApplied (final: the transfers are settled); ' +
  'ProvingFailed or BaseLayerFailed mean settlement of that batch failed. Give `hash` for one SDL, or a page of all SDLs ' +
  `in creation order (${SDL_PAGE_LENGTH} from \`offset\`, default 0). ` +
  'A transfer is applied by the domain at once; it is final once its SDL is BaseLayerApplied.'

export function registerGetSdlTool(server: McpServer, deps: ToolDependencies): void {
  server.registerTool(
    'get_sdl',
    {
      title: 'Settlement status',
      description: GET_SDL_DESCRIPTION,
      inputSchema: {
        hash: z.string().min(32).max(64).optional().describe("the SDL's hash (base58)"),
        offset: z.number().int().min(0).optional().describe('without hash: the first SDL of the page (default 0)'),
      },
      outputSchema: { sdls: z.array(z.object({ hash: z.string(), state: z.string().describe('e.g. BaseLayerApplied, or "ProvingFailed: reason"') })) },
      annotations: { readOnlyHint: true },
    },
    ({ hash, offset }) =>
      runTool(async () => {
        const pairs: Array<[string, SdlState]> = 
          hash === undefined ? await deps.domain.listSdls({ offset: offset ?? 0, limit: SDL_PAGE_LENGTH }) : [[hash, await deps.domain.getSdl(hash)]]
        const sdls = pairs.map(([sdlHash, state]) => ({ hash: sdlHash, state: stateText(state) }))
        return toolSuccess('get_sdl', { sdls }, deps.limits.toolOutputBytesMax, '')
      }),
  )
}

function stateText(state: SdlState): string {
  return typeof state === 'string' ? state : `ProvingFailed: ${state.ProvingFailed}`
}
