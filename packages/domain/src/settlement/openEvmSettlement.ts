// Opens the EVM settlement target of domain.yaml's `settlement: { kind: evm, … }`: reads the
// operator's EVM account key, connects (checking the chain id and the contract), checks that the
// contract's verifier is this version's SDL verifier (EVM_VERIFIER_MISMATCH otherwise: an older
// deployment would refuse every proof) and that the contract is this version's VeritySettlement
// (EVM_SETTLEMENT_CONTRACT_MISMATCH otherwise), and wraps the client in the Settlement port.
import { readFileSync } from 'node:fs'
import type { HashDigest } from '@verity/core'
import { checkSettlementContract, checkSettlementVerifier, EvmSettlementClient, expectedSdlVerifier } from '@verity/settlement-evm'
import type { Address, Hex } from 'viem'
import { InvalidOptionError } from '@verity/core'
import type { EvmSettlementConfig } from './EvmSettlementConfig.ts'
import { EvmSettlement } from './EvmSettlement.ts'

const PRIVATE_KEY = /^0x[0-9a-fA-F]{64}$/

/** Reads an EVM account key file: one line, 0x and 64 hex digits. */
export function readEvmAccountKey(path: string): Hex {
  let text: string
  try {
    text = readFileSync(path, 'utf8').trim()
  } catch (cause) {
    throw new InvalidOptionError({ option: path, reason: `cannot read the EVM account key: ${(cause as Error).message}` })
  }
  if (!PRIVATE_KEY.test(text)) throw new InvalidOptionError({ option: path, reason: 'an EVM account key file holds 0x and 64 hex digits' })
  return text as Hex
}

/** The operator's client of the configured VeritySettlement contract (its EVM account key read from `account_key_file`); chain id and code checked. */
export function connectOperatorSettlementClient(config: EvmSettlementConfig): Promise<EvmSettlementClient> {
  return EvmSettlementClient.connect({
    rpcUrl: config.rpcUrl,
    chainId: config.chainId,
    contract: config.contract as Address,
    privateKey: readEvmAccountKey(config.accountKeyFile),
    confirmations: config.confirmations,
    ...(config.confirmationWaitMs === undefined ? {} : { confirmationWaitMs: config.confirmationWaitMs }),
  })
}

export async function openEvmSettlement(config: EvmSettlementConfig, operatorOwnerId: HashDigest): Promise<EvmSettlement> {
  const client = await connectOperatorSettlementClient(config)
  await checkSettlementVerifier(client, await expectedSdlVerifier())
  // And the contract itself: this version's VeritySettlement, starting at the empty tree's root
  // (what `verity vault show --finalized` checks before it trusts a root read from it).
  await checkSettlementContract({ rpcUrl: config.rpcUrl, contract: config.contract as Address })
  return new EvmSettlement(client, { confirmations: config.confirmations, operatorOwnerId })
}
