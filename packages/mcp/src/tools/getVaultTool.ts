import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { jsonValue } from '@verity/ledger'
import { z } from 'zod'
import { AgentKeyMissingError } from '../errors/mcpErrors.ts'
import { balancesShown } from '../vaults/balancesShown.ts'
import { readFinalizedView } from '../vaults/readFinalizedView.ts'
import type { ToolDependencies } from './ToolDependencies.ts'
import { runTool, toolSuccess } from './toolResult.ts'

export const GET_VAULT_DESCRIPTION =
  "Reads a vault on the domain (the settlement ledger): its token balances (the native token under \"native\", others under " +
  "their token id), NFTs and the next nonce its owner's next message must carry. Without `owner_id` it reads the agent's own " +
  'vault (the key this server was started with). Use it to check funds before a transfer and to confirm one after. ' +
  '`exists: false` means the domain has never seen the vault (nothing was ever credited to it). ' +
  'With `finalized: true` it also returns `finalized`, the vault as its settlement finalized it: the base layer\'s view, or, when the ' +
  'domain settles on an EVM chain, the vault at the root the VeritySettlement contract holds, its inclusion proof checked by this ' +
  'server against that root (`proof_checked: true`; a proof that does not check is the error FINALIZED_PROOF_INVALID, and a ' +
  'contract that is not this version\'s VeritySettlement the error EVM_SETTLEMENT_CONTRACT_MISMATCH). Money ' +
  'settled is final there; the local view also holds what is not settled yet. `balances` lists the local view\'s balances ' +
  'for a person: each token by name and symbol with `amount_shown` as money ("$19.99 USD") beside the raw `amount`.'

const FinalizedView = z
  .object({
    settlement: z.enum(['base_layer', 'evm']),
    vault: z.record(z.unknown()).nullable().describe('the finalized vault (null: not in the finalized state: nothing crediting it has settled yet)'),
    chain_id: z.number().int().optional(),
    contract: z.string().optional(),
    block_number: z.string().optional().describe('the block whose contract root the proof was checked against'),
    root: z.string().optional(),
    proof_checked: z.literal(true).optional(),
    in_finalized_state: z.boolean().optional(),
    sdl: z.object({ hash: z.string(), sequence: z.number().int() }).nullable().optional().describe('the last SDL settled on the chain'),
  })
  .describe('the vault as its settlement finalized it (only with `finalized: true`)')

export function registerGetVaultTool(server: McpServer, deps: ToolDependencies): void {
  server.registerTool(
    'get_vault',
    {
      title: 'Read a vault',
      description: GET_VAULT_DESCRIPTION,
      inputSchema: {
        owner_id: z.string().min(32).max(64).optional().describe("the vault's owner id (base58); default: the agent's own"),
        finalized: z.boolean().optional().describe('also return the finalized view (settled; on an EVM chain with its proof checked); default false'),
      },
      outputSchema: {
        owner_id: z.string(),
        exists: z.boolean(),
        vault: z.record(z.unknown()).nullable().describe("the domain's local view: balances (u64 beyond 2^53 as decimal strings), NFTs, metadata"),
        next_nonce: z.number().int(),
        balances: z
          .array(z.object({ token: z.string(), token_name: z.string().optional().describe('e.g. "Devnet Dollar (USD)", from its mint'), amount: z.string(), amount_shown: z.string().describe('"$19.99 USD", "1,999 minor units of DMD", "5 plancks"') }))
          .describe("the local view's balances as money (native first); the raw integers stay in `vault` and `amount`"),
        finalized: FinalizedView.optional(),
      },
      annotations: { readOnlyHint: true },
    },
    ({ owner_id, finalized }) =>
      runTool(async () => {
        const ownerId = owner_id ?? deps.signer?.ownerId
        if (ownerId === undefined) throw new AgentKeyMissingError()
        const [vault, nextNonce, finalizedView] = await Promise.all([
          deps.domain.getVault(ownerId),
          deps.domain.nextNonce(ownerId),
          finalized === true ? readFinalizedView({ domain: deps.domain, ...deps.finalizedSources }, ownerId, deps.shard) : undefined,
        ])
        const structured = {
          owner_id: ownerId,
          exists: vault !== null,
          vault: vault === null ? null : jsonValue(vault),
          next_nonce: nextNonce,
          balances: vault === null ? [] : await balancesShown(vault, deps.tokens),
          ...(finalizedView === undefined ? {} : { finalized: finalizedView }),
        }
        return toolSuccess('get_vault', structured, deps.limits.toolOutputBytesMax, 'the vault holds too many NFTs to show')
      }),
  )
}
