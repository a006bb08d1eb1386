import { isEvmAddress } from '@verity/core'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { CommandContext } from './Command.ts'
import { UsageError } from './UsageError.ts'
import { cliDataDir } from './cliDataDir.ts'

/** The environment variable naming the JSON-RPC URL of the chain an EVM-settled domain settles on. */
export const EVM_RPC_URL_ENV = 'VERITY_EVM_RPC_URL'

/** The environment variable naming the VeritySettlement contract a user trusts (what `--contract` pins). */
export const EVM_CONTRACT_ENV = 'VERITY_EVM_CONTRACT'

/**
 * The settlement contract the user pins: `--contract`, else VERITY_EVM_CONTRACT, else none (the
 * contract the domain names is then checked to be a genuine VeritySettlement, not to be the one meant).
 */
export function pinnedEvmContract(values: CommandContext['values'], env: Readonly<Record<string, string | undefined>> = process.env): string | undefined {
  const pinned = typeof values.contract === 'string' ? values.contract : env[EVM_CONTRACT_ENV]
  if (pinned === undefined || pinned === '') return undefined
  if (!isEvmAddress(pinned)) throw new UsageError(`--contract (or ${EVM_CONTRACT_ENV}) must be a VeritySettlement address: 0x and 40 hex digits`)
  return pinned
}

/** The chain a devnet settles on, as `verity up --settlement evm` wrote it in `<data dir>/domain.yaml`. */
export type DevnetEvmSettlement = { rpcUrl: string; chainId: number; contract: string; domainYamlPath: string }

/**
 * The EVM chain of the devnet `verity up --settlement evm [--evm-port N]` runs: the `settlement`
 * block of `<data dir>/domain.yaml` (data dir: VERITY_DATA_DIR, default `.verity`, the way the CLI
 * finds the devnet's tokens), or undefined when there is no such file or its domain settles on the
 * base layer. A file that is not a valid domain.yaml is an InvalidOptionError naming it.
 */
export async function devnetEvmSettlement(env: Readonly<Record<string, string | undefined>> = process.env): Promise<DevnetEvmSettlement | undefined> {
  const domainYamlPath = join(cliDataDir(env), 'domain.yaml')
  if (!existsSync(domainYamlPath)) return undefined
  // Loaded here: only the finalized views need the domain's configuration reader.
  const { loadDomainConfig } = await import('@verity/domain')
  const settlement = loadDomainConfig(domainYamlPath).settlement
  return settlement === undefined ? undefined : { rpcUrl: settlement.rpcUrl, chainId: settlement.chainId, contract: settlement.contract, domainYamlPath }
}

/**
 * Where to read an EVM-settled domain's roots: `--rpc`, else VERITY_EVM_RPC_URL, else the devnet's
 * chain (devnetEvmSettlement) when it is the chain and contract the domain names (`settles`; any
 * devnet chain when not given), else the local node of `verity up --settlement evm` on its default port.
 */
export async function evmRpcUrl(
  values: CommandContext['values'],
  settles: { chainId: number; contract: string } | undefined,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<string> {
  const found = await givenOrDevnetEvmRpcUrl(values, settles, env)
  if (found !== undefined) return found
  const { evmSettlementLimits } = await import('@verity/settlement-evm')
  return `http://127.0.0.1:${evmSettlementLimits.LOCAL_EVM_PORT_DEFAULT}`
}

/** evmRpcUrl without its last default: undefined when neither the flag, the variable nor a matching devnet names a chain. */
export async function givenOrDevnetEvmRpcUrl(
  values: CommandContext['values'],
  settles: { chainId: number; contract: string } | undefined,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<string | undefined> {
  const given = typeof values.rpc === 'string' ? values.rpc : env[EVM_RPC_URL_ENV]
  if (given !== undefined && given !== '') {
    if (!/^https?:\/\//.test(given)) throw new UsageError('--rpc must be the http(s) JSON-RPC URL of the chain the domain settles on')
    return given
  }
  const devnet = await devnetEvmSettlement(env)
  if (devnet !== undefined && (settles === undefined || (devnet.chainId === settles.chainId && devnet.contract.toLowerCase() === settles.contract.toLowerCase()))) return devnet.rpcUrl
  return undefined
}
