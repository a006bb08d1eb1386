// Whether the contract a domain names is a genuine VeritySettlement of this version, before any
// root read from it is trusted: its runtime code is the compiled VeritySettlement's (but for its
// two immutables), the verifier it calls is the compiled SDL verifier byte for byte, and every
// shard starts at the empty state tree's root. Only then have its roots moved by verified SDL
// proofs alone; a vault checked against the root of any other contract proves nothing.
import { StateTree } from '@verity/prover'
import { createPublicClient, http, type Address, type Hex } from 'viem'
import { compileSettlementContracts } from '../compile/compileSettlementContracts.ts'
import type { CompiledContract } from '../compile/compileContracts.ts'
import { veritySettlementAbi } from '../contracts/veritySettlementAbi.ts'
import { EvmUnavailableError, SettlementContractMismatchError } from '../errors/evmSettlementErrors.ts'
import { CHECKED_CONTRACTS_MAX, EVM_RPC_TIMEOUT_MS } from '../limits.ts'

export type CheckedSettlementContract = { contract: Address; verifier: Address; emptyRoot: Hex }

const checked = new Map<string, CheckedSettlementContract>()

/**
 * Throws SettlementContractMismatchError unless `contract` on the chain at `rpcUrl` is this
 * version's VeritySettlement with this version's SDL verifier (EvmUnavailableError when the node
 * cannot answer). Compiles the contracts the first time (cached in build/, as a deployment does).
 */
export async function checkSettlementContract(parameters: { rpcUrl: string; contract: Address; crsPath?: string }): Promise<CheckedSettlementContract> {
  const key = `${parameters.rpcUrl} ${parameters.contract.toLowerCase()}`
  const known = checked.get(key)
  if (known !== undefined) return known
  const client = createPublicClient({ transport: http(parameters.rpcUrl, { retryCount: 0, timeout: EVM_RPC_TIMEOUT_MS }) })
  const read = <T>(what: string, call: () => Promise<T>) =>
    call().catch((error: unknown) => {
      throw new EvmUnavailableError({ rpcUrl: parameters.rpcUrl, reason: `reading ${what}: ${(error as Error).message.split('\n')[0]}` }, { cause: error })
    })
  const fail = (reason: string) => new SettlementContractMismatchError({ contract: parameters.contract, reason })
  const compiled = await compileSettlementContracts(parameters.crsPath === undefined ? {} : { crsPath: parameters.crsPath })
  const code = (await read('its code', () => client.getCode({ address: parameters.contract }))) ?? '0x'
  if (code === '0x') throw fail('there is no code at that address')
  if (!isCompiledCode(code, compiled.settlement)) throw fail("its code is not this version's VeritySettlement")
  // The code is VeritySettlement's, so its getters return its immutables as deployed.
  const verifier = (await read('its verifier', () => client.readContract({ address: parameters.contract, abi: veritySettlementAbi, functionName: 'verifier' }))) as Address
  const emptyRoot = (await read('its empty root', () => client.readContract({ address: parameters.contract, abi: veritySettlementAbi, functionName: 'emptyRoot' }))) as Hex
  const verifierCode = (await read("its verifier's code", () => client.getCode({ address: verifier }))) ?? '0x'
  if (!isCompiledCode(verifierCode, compiled.verifier)) throw fail(`the verifier it calls (${verifier}) is not this version's SDL verifier (another circuit, setup or version)`)
  const expectedEmptyRoot = (await StateTree.create()).rootHex
  if (emptyRoot.toLowerCase() !== expectedEmptyRoot.toLowerCase()) throw fail(`its shards start at ${emptyRoot}, not at the empty state tree's root ${expectedEmptyRoot}`)
  const result = { contract: parameters.contract, verifier, emptyRoot }
  if (checked.size >= CHECKED_CONTRACTS_MAX) checked.delete(checked.keys().next().value!)
  checked.set(key, result)
  return result
}

/** Whether deployed `code` is `compiled`'s runtime code, its immutables' bytes aside (they are zeros in the compiled code). */
export function isCompiledCode(code: Hex, compiled: Pick<CompiledContract, 'deployedBytecode' | 'immutableRanges'>): boolean {
  if (code.length !== compiled.deployedBytecode.length) return false
  const bytes = Buffer.from(code.slice(2), 'hex')
  for (const { start, length } of compiled.immutableRanges) bytes.fill(0, start, start + length)
  return bytes.equals(Buffer.from(compiled.deployedBytecode.slice(2), 'hex'))
}
