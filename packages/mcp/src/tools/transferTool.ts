import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { formatAddress, NATIVE_TOKEN_ID, parseAddress } from '@verity/core'
import { signVerifiable, type AllowanceAmount } from '@verity/ledger'
import { formatAmount } from '@verity/sdk'
import { z } from 'zod'
import { AgentKeyMissingError, InvalidToolArgumentsError } from '../errors/mcpErrors.ts'
import type { ToolDependencies } from './ToolDependencies.ts'
import { runTool, toolSuccess } from './toolResult.ts'

export const TRANSFER_DESCRIPTION =
  "Sends tokens (or NFTs) from the agent's own vault to an address, signed with the agent's key file (given when this server " +
  'was started; the server never holds a user\'s key). The domain applies it at once (settlement on the base layer follows ' +
  'when an SDL is proven: see get_sdl). `to` is an address "<owner_id>,<shard>"; `token` a token id (its mint vault\'s address) ' +
  'or "native"; `amount` a whole number in the token\'s smallest unit, as a number or a decimal string. It moves real value ' +
  'and cannot be undone: transfer only what the user asked for. Errors name the broken rule (e.g. an overdraft) with its code.'

const Amount = z.union([z.number().int().positive(), z.string().regex(/^[1-9][0-9]{0,19}$/)]).describe('whole number in the smallest unit')

export function registerTransferTool(server: McpServer, deps: ToolDependencies): void {
  server.registerTool(
    'transfer',
    {
      title: 'Transfer tokens',
      description: TRANSFER_DESCRIPTION,
      inputSchema: {
        to: z.string().max(128).describe('credited address "<owner_id>,<shard>"'),
        token: z.string().max(128).optional().describe('token id, or "native" (default)'),
        amount: Amount.optional(),
        nfts: z.array(z.number().int().min(0)).min(1).max(256).optional().describe('NFT ids to send instead of an amount'),
      },
      outputSchema: {
        from: z.string().describe("the agent's address"),
        to: z.string(),
        token: z.string(),
        amount: z.string().optional(),
        amount_shown: z.string().optional().describe('the amount as money for a person: "$19.99 USD", "1,999 minor units of DMD", "5 plancks"'),
        nfts: z.array(z.number().int()).optional(),
        nonce: z.number().int(),
        applied: z.number().int(),
      },
      annotations: { destructiveHint: true, idempotentHint: false },
    },
    ({ to, token, amount, nfts }) =>
      runTool(async () => {
        if (deps.signer === undefined) throw new AgentKeyMissingError()
        if ((amount === undefined) === (nfts === undefined)) throw new InvalidToolArgumentsError({ reason: 'give exactly one of amount and nfts' })
        const credited = canonicalAddress(to)
        const tokenId = token === undefined || token === NATIVE_TOKEN_ID ? NATIVE_TOKEN_ID : canonicalAddress(token)
        const allowance: AllowanceAmount = nfts !== undefined ? { NonFungible: nfts.map(BigInt) } : { Fungible: BigInt(amount!) }
        const nonce = await deps.domain.nextNonce(deps.signer.ownerId)
        const message = signVerifiable(deps.signer, 'DebitAllowance', { new_nonce: nonce, debited_shard: deps.shard, credited, allowances: { [tokenId]: allowance } })
        const result = await deps.domain.execute([message])
        // Sent: a token whose metadata cannot be read now is shown in minor units, not as a failure.
        const shown = amount === undefined ? {} : { amount_shown: formatAmount(BigInt(amount), await deps.tokens.describe(tokenId).catch(() => undefined)) }
        const structured = {
          from: formatAddress(deps.signer.ownerId, deps.shard),
          to: credited,
          token: tokenId,
          ...(amount === undefined ? { nfts } : { amount: String(amount), ...shown }),
          nonce,
          applied: result.applied,
        }
        return toolSuccess('transfer', structured, deps.limits.toolOutputBytesMax, '')
      }),
  )
}

function canonicalAddress(text: string): string {
  const { ownerId, shard } = parseAddress(text)
  return formatAddress(ownerId, shard)
}
