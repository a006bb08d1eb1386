// For tests: a chain to settle on, with a prover to make the proofs it verifies.
import { createCircuitProver, EVM_PROOF_SYSTEM, type CircuitProver } from '@verity/prover'
import { deploySettlement, type DeployedSettlement } from '../deploy/deploySettlement.ts'
import { LOCAL_EVM_DEV_KEY, startLocalEvmNode, type LocalEvmNode } from '../node/startLocalEvmNode.ts'
import { freePort } from './freePort.ts'

export type SettlementChain = { node: LocalEvmNode; deployed: DeployedSettlement; prover: CircuitProver; close(): Promise<void> }

/**
 * A local EVM node (Hardhat on 127.0.0.1, a free port) with the verifier and VeritySettlement
 * deployed from its first account, and a one-worker prover of EVM_PROOF_SYSTEM proofs; `close`
 * ends both, whatever failed.
 */
export async function startSettlementChain(): Promise<SettlementChain> {
  const prover = createCircuitProver({ workers: 1, proofSystem: EVM_PROOF_SYSTEM })
  let node: LocalEvmNode | undefined
  try {
    node = await startLocalEvmNode({ port: await freePort() })
    const deployed = await deploySettlement({ rpcUrl: node.rpcUrl, privateKey: LOCAL_EVM_DEV_KEY })
    const started = node
    return { node: started, deployed, prover, close: async () => void (await Promise.allSettled([prover.close(), started.close()])) }
  } catch (error) {
    await Promise.allSettled([prover.close(), node?.close()])
    throw error
  }
}
