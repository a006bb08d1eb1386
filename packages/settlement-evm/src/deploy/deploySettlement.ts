// Deploys an EVM settlement: the SDL verifier, then VeritySettlement pointing at it, with the SDL
// circuit's empty state root as every shard's starting root.
import { createPublicClient, createWalletClient, http, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { StateTree } from '@verity/prover'
import { evmChain } from '../client/evmChain.ts'
import { compileSettlementContracts } from '../compile/compileSettlementContracts.ts'
import { EvmUnavailableError } from '../errors/evmSettlementErrors.ts'
import { EVM_POLL_INTERVAL_MS } from '../limits.ts'

export type DeploySettlementParameters = {
  rpcUrl: string
  /** default: what the node reports */
  chainId?: number
  /** the deployer's key, 0x + 64 hex */
  privateKey: Hex
  /** a copy of the Ignition CRS for the verifier (default the prover's committed prefix; checked by SHA-256) */
  crsPath?: string
}

export type DeployedSettlement = {
  chainId: number
  settlement: Address
  verifier: Address
  crs: 'ignition'
  /** the proof system the verifier checks */
  system: string
  circuitHash: string
  emptyRoot: Hex
  verifierDeployedBytes: number
  gasUsed: { verifier: bigint; settlement: bigint }
}

export async function deploySettlement(parameters: DeploySettlementParameters): Promise<DeployedSettlement> {
  const probe = createPublicClient({ transport: http(parameters.rpcUrl, { retryCount: 0 }) })
  const chainId = parameters.chainId ?? (await probe.getChainId().catch((error: Error) => {
    throw new EvmUnavailableError({ rpcUrl: parameters.rpcUrl, reason: error.message.split('\n')[0]! }, { cause: error })
  }))
  const chain = evmChain(parameters.rpcUrl, chainId)
  const account = privateKeyToAccount(parameters.privateKey)
  const publicClient = createPublicClient({ chain, transport: http(parameters.rpcUrl), pollingInterval: EVM_POLL_INTERVAL_MS })
  const wallet = createWalletClient({ chain, transport: http(parameters.rpcUrl), account, pollingInterval: EVM_POLL_INTERVAL_MS })
  const contracts = await compileSettlementContracts(parameters.crsPath === undefined ? {} : { crsPath: parameters.crsPath })
  const emptyRoot = (await StateTree.create()).rootHex as Hex
  const deploy = async (bytecode: Hex, abi: readonly unknown[], args: readonly unknown[]) => {
    const hash = await wallet.deployContract({ abi, bytecode, args } as never)
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new EvmUnavailableError({ rpcUrl: parameters.rpcUrl, reason: `deployment ${hash} failed` })
    return { address: receipt.contractAddress, gasUsed: receipt.gasUsed }
  }
  const verifier = await deploy(contracts.verifier.bytecode, contracts.verifier.abi, [])
  const settlement = await deploy(contracts.settlement.bytecode, contracts.settlement.abi, [verifier.address, emptyRoot])
  return {
    chainId,
    settlement: settlement.address,
    verifier: verifier.address,
    crs: contracts.crs,
    system: contracts.system,
    circuitHash: contracts.circuitHash,
    emptyRoot,
    verifierDeployedBytes: contracts.verifier.deployedBytes,
    gasUsed: { verifier: verifier.gasUsed, settlement: settlement.gasUsed },
  }
}
