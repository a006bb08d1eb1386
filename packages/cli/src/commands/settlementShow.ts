import { encodeBase58, isEvmAddress } from '@verity/core'
import type { Command } from '../Command.ts'
import { UsageError } from '../UsageError.ts'
import { parseShard } from '../parseShard.ts'
import { parseSdlHash } from '../parseSdlHash.ts'
import { devnetEvmSettlement, EVM_CONTRACT_ENV, EVM_RPC_URL_ENV } from '../evmRpcUrl.ts'

export const settlementShowCommand: Command = {
  path: ['settlement', 'show'],
  summary: 'the finalized view on an EVM chain, read from the VeritySettlement contract: a shard\'s root, settled SDLs, the SDL it holds half settled, and one SDL\'s confirmations',
  usage: 'verity settlement show [--rpc URL] [--contract ADDRESS] [--shard 1] [--sdl HASH]',
  optionHelp: {
    rpc: `the chain's JSON-RPC URL (settlement.rpc_url of domain.yaml; default $${EVM_RPC_URL_ENV}, else the devnet's chain from $VERITY_DATA_DIR/domain.yaml, as verity vault show --finalized finds it)`,
    contract: `the VeritySettlement address (settlement.contract; default $${EVM_CONTRACT_ENV}, else the devnet's contract from the same domain.yaml)`,
    shard: 'default 1',
    sdl: 'an SDL hash (base58): whether it settled, in which block, with how many confirmations',
  },
  options: { rpc: { type: 'string' }, contract: { type: 'string' }, shard: { type: 'string', short: 's' }, sdl: { type: 'string' } },
  async run({ values: given, out }) {
    const values: Record<string, unknown> = { ...given, ...(await devnetDefaults(given)) }
    if (typeof values.rpc !== 'string' || !/^https?:\/\//.test(values.rpc))
      throw new UsageError(`--rpc must be the http(s) JSON-RPC URL of the chain (or ${EVM_RPC_URL_ENV}, or a devnet of verity up --settlement evm in $VERITY_DATA_DIR)`)
    if (!isEvmAddress(values.contract)) throw new UsageError(`--contract must be the VeritySettlement address (0x and 40 hex digits; or ${EVM_CONTRACT_ENV}, or a devnet's)`)
    const shard = values.shard === undefined ? 1 : parseShard(values.shard)
    const sdlHash = values.sdl === undefined ? undefined : parseSdlHash(values.sdl)
    const { readSettlementState } = await import('@verity/settlement-evm')
    const state = await readSettlementState({ rpcUrl: values.rpc, contract: values.contract as `0x${string}`, shard, ...(sdlHash ? { sdlHash } : {}) })
    const verifier = await verifierVerdict(values.rpc, values.contract as `0x${string}`)
    const lines = [
      `shard ${shard} on ${values.rpc} (VeritySettlement ${values.contract}, block ${state.latestBlock}):`,
      `  verifier     ${verifier.text}`,
      `  operator     ${state.operator ?? 'none registered'}`,
      `  root         ${state.root}`,
      `  settled SDLs ${state.sdlCount} (chain ${state.sdlChain})`,
      `  pending      ${pendingLine(state.pending)}`,
    ]
    if (state.sdl) lines.push(state.sdl.settled ? `  SDL ${values.sdl}: sequence ${state.sdl.sequence}, block ${state.sdl.blockNumber}, ${state.sdl.confirmations} confirmation(s)` : `  SDL ${values.sdl}: not settled`)
    out.result(lines.join('\n'), JSON.parse(JSON.stringify({ ...state, verifier: verifier.json }, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))))
    return 0
  },
}

/** The SDL a shard holds half settled, in words. */
function pendingLine(pending: { hash: `0x${string}`; nextBatch: bigint } | null): string {
  if (pending === null) return 'none'
  const hash = encodeBase58(Buffer.from(pending.hash.slice(2), 'hex'))
  return `SDL ${hash}: ${pending.nextBatch} batch proof(s) verified, its next part not yet sent (if no domain will send it, the operator drops it: verity settlement abandon --sdl ${hash})`
}

/**
 * `--rpc` and `--contract` when not given: VERITY_EVM_RPC_URL and VERITY_EVM_CONTRACT, else the
 * chain and contract of the devnet `verity up --settlement evm` wrote in `$VERITY_DATA_DIR/domain.yaml`
 * (devnetEvmSettlement), as `verity vault show --finalized` finds them.
 */
async function devnetDefaults(values: Readonly<Record<string, unknown>>, env: Readonly<Record<string, string | undefined>> = process.env): Promise<{ rpc?: string; contract?: string }> {
  const rpc = typeof values.rpc === 'string' ? values.rpc : env[EVM_RPC_URL_ENV]
  const contract = typeof values.contract === 'string' ? values.contract : env[EVM_CONTRACT_ENV]
  const devnet = rpc === undefined || contract === undefined ? await devnetEvmSettlement(env) : undefined
  const chosen = { rpc: rpc ?? devnet?.rpcUrl, contract: contract ?? devnet?.contract }
  return Object.fromEntries(Object.entries(chosen).filter(([, value]) => value !== undefined && value !== ''))
}

/**
 * Whether the contract's verifier is this version's SDL verifier (checkSettlementVerifier):
 * `current` true or false, or null when this machine cannot tell (no native bb to generate the
 * expected verifier, and none cached).
 */
async function verifierVerdict(rpcUrl: string, contract: `0x${string}`): Promise<{ text: string; json: { address?: string; current: boolean | null; reason?: string } }> {
  const { checkSettlementVerifier, expectedSdlVerifier, settlementVerifierReader, VerifierMismatchError } = await import('@verity/settlement-evm')
  const { VerifierSourceError } = await import('@verity/prover')
  const reader = settlementVerifierReader({ rpcUrl, contract })
  let expected
  try {
    expected = await expectedSdlVerifier()
  } catch (error) {
    if (!(error instanceof VerifierSourceError)) throw error
    return { text: `not checked: ${error.message}`, json: { current: null, reason: error.message } }
  }
  try {
    const address = await checkSettlementVerifier(reader, expected)
    return { text: `${address} (this version's SDL verifier: VK hash ${expected.vkHash}, Ignition's [x]₂)`, json: { address, current: true } }
  } catch (error) {
    if (!(error instanceof VerifierMismatchError)) throw error
    return { text: `${error.fields.verifier} NOT this version's SDL verifier: ${error.fields.reason}`, json: { address: error.fields.verifier, current: false, reason: error.fields.reason } }
  }
}
