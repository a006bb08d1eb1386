import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { encodeBase58 } from '@verity/core'
import type { Command } from '../Command.ts'
import { cliDataDir } from '../cliDataDir.ts'
import { UsageError } from '../UsageError.ts'
import { parseSdlHash } from '../parseSdlHash.ts'

/**
 * `verity settlement abandon`: the operator drops the SDL its shard holds pending on the
 * VeritySettlement contract (settled over several transactions, its last part never sent), so that
 * the shard settles again. The chain, contract, shard and operator key are the domain's own, from
 * its domain.yaml; nothing a reader of the contract sees changes.
 */
export const settlementAbandonCommand: Command = {
  path: ['settlement', 'abandon'],
  summary: 'drop the SDL a shard holds half settled on an EVM chain, when no domain will send its remaining parts (operator only)',
  usage: 'verity settlement abandon --sdl HASH [--config domain.yaml]',
  optionHelp: {
    sdl: 'the pending SDL\'s hash (base58), as `verity settlement show` or the domain\'s refusal names it; another pending SDL is refused',
    config: 'the domain\'s configuration: its settlement block (chain, contract, account_key_file: the operator\'s EVM key) and shard (default ./domain.yaml, else the devnet\'s $VERITY_DATA_DIR/domain.yaml)',
  },
  options: { sdl: { type: 'string' }, config: { type: 'string' } },
  async run({ values, out }) {
    const sdlHash = parseSdlHash(values.sdl)
    const { connectOperatorSettlementClient, DOMAIN_CONFIG_PATH_DEFAULT, loadDomainConfig } = await import('@verity/domain')
    const configPath = domainConfigPath(values.config, DOMAIN_CONFIG_PATH_DEFAULT)
    const config = loadDomainConfig(configPath)
    if (config.settlement === undefined) throw new UsageError(`${configPath}: this domain settles on the base layer, which holds no SDL pending: nothing to abandon`)
    const client = await connectOperatorSettlementClient(config.settlement)
    const abandoned = await client.abandonPendingSdl(config.shard, sdlHash)
    const hash = encodeBase58(Buffer.from(abandoned.sdlHash.slice(2), 'hex'))
    out.result(
      `abandoned SDL ${hash} of shard ${config.shard} (${abandoned.nextBatch} batch proof(s) verified, now forgotten) in ${abandoned.txHash}; the shard's root is unchanged and its next SDL settles from it`,
      { shard: config.shard, sdl: hash, batches_verified: Number(abandoned.nextBatch), tx_hash: abandoned.txHash },
    )
    return 0
  },
}

/** `--config`, else the domain's default (./domain.yaml) when it exists, else the devnet's. */
function domainConfigPath(given: unknown, defaultPath: string): string {
  if (typeof given === 'string') return given
  if (existsSync(defaultPath)) return defaultPath
  const devnet = join(cliDataDir(), 'domain.yaml')
  if (existsSync(devnet)) return devnet
  throw new UsageError(`give the domain's configuration with --config FILE: no ${defaultPath} here nor in ${cliDataDir()}`)
}
