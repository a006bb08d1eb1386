import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { jsonValue } from '@verity/ledger'
import { z } from 'zod'
import { AgentKeyMissingError } from '../errors/mcpErrors.ts'
import type { ToolDependencies } from './ToolDependencies.ts'
import { runTool, toolSuccess } from './toolResult.ts'

export const GET_VAULT_DESCRIPTION =
  "Reads a vault on the domain (the settlement ledger): its token balances (the native token under \"native\", others under " +
  "their token id), NFTs and the next nonce its owner's next message must carry. Without `owner_id` it reads the agent's own " +
  'vault (the key this server was started with). Use it to check funds before a transfer and to confirm one after. ' +
  '`exists: false` means the domain has never seen the vault (nothing was ever credited to it).'

export function registerGetVaultTool(server: McpServer, deps: ToolDependencies): void {
  server.registerTool(
    'get_vault',
    {
      title: 'Read a vault',
      description: GET_VAULT_DESCRIPTION,
      inputSchema: { owner_id: z.string().min(32).max(64).optional().describe("the vault's owner id (base58); default: the agent's own") },
      outputSchema: {
        owner_id: z.string(),
        exists: z.boolean(),
        vault: z.record(z.unknown()).nullable().describe("the domain's local view: balances (u64 beyond 2^53 as decimal strings), NFTs, metadata"),
        next_nonce: z.number().int(),
      },
      annotations: { readOnlyHint: true },
    },
    ({ owner_id }) =>
      runTool(async () => {
        const ownerId = owner_id ?? deps.signer?.ownerId
        if (ownerId === undefined) throw new AgentKeyMissingError()
        const [vault, nextNonce] = await Promise.all([deps.domain.getVault(ownerId), deps.domain.nextNonce(ownerId)])
        const structured = { owner_id: ownerId, exists: vault !== null, vault: vault === null ? null : jsonValue(vault), next_nonce: nextNonce }
        return toolSuccess('get_vault', structured, deps.limits.toolOutputBytesMax, 'the vault holds too many NFTs to show')
      }),
  )
}
