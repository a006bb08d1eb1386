// The EVM half of `verity up --settlement evm`: a local Hardhat node on 127.0.0.1:<evmPort>, the
// contracts deployed on it (bb 5's SDL verifier over Ignition's CRS, VeritySettlement), and
// the operator's EVM account key file. Hardhat keeps its chain in memory, so every start deploys
// afresh and the EVM devnet's domain starts from an empty state (its data directory is reset).
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { deploySettlement, evmSettlementLimits, LOCAL_EVM_DEV_KEY, startLocalEvmNode, type DeployedSettlement, type LocalEvmNode } from '@verity/settlement-evm'

/** The domain's data directory under the devnet's when it settles on the local EVM node. */
export const EVM_DOMAIN_DATA_DIR = 'domain-evm'

export type RunningEvmSettlement = {
  node: LocalEvmNode
  deployed: DeployedSettlement
  /** the `settlement:` block of domain.yaml, as YAML lines */
  yaml: string[]
  close(): Promise<void>
}

export async function startEvmSettlement(options: { dataDir: string; port: number }): Promise<RunningEvmSettlement> {
  const node = await startLocalEvmNode({ port: options.port })
  try {
    const deployed = await deploySettlement({ rpcUrl: node.rpcUrl, privateKey: LOCAL_EVM_DEV_KEY })
    const keyPath = join(options.dataDir, 'keys', 'evm-operator.key')
    // Hardhat's first account: publicly known, funded on the local node only.
    writeFileSync(keyPath, `${LOCAL_EVM_DEV_KEY}\n`, { mode: 0o600 })
    rmSync(join(options.dataDir, EVM_DOMAIN_DATA_DIR), { recursive: true, force: true })
    const yaml = [
      'settlement:',
      '  kind: evm',
      `  rpc_url: ${node.rpcUrl}`,
      `  chain_id: ${evmSettlementLimits.LOCAL_EVM_CHAIN_ID}`,
      `  contract: '${deployed.settlement}'`,
      '  account_key_file: keys/evm-operator.key',
      '  confirmations: 1',
    ]
    return { node, deployed, yaml, close: () => node.close() }
  } catch (error) {
    await node.close()
    throw error
  }
}
