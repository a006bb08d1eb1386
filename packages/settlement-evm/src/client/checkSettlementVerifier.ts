// Whether a VeritySettlement uses this version's SDL verifier: the verifier's runtime code must hold
// the verification key hash of the SDL circuit (VK_HASH, a constant of bb's generated verifier,
// which binds the circuit, the proof system and the CRS the key was computed over) and the four
// words of Ignition's [x]₂ its pairing check uses. Compile settings do not matter: both are
// 32-byte constants the code pushes as they are.
import { generateSolidityVerifier, IGNITION_G2_EIP197, SDL_CIRCUIT } from '@verity/prover'
import { createPublicClient, http, type Address, type Hex } from 'viem'
import { veritySettlementAbi } from '../contracts/veritySettlementAbi.ts'
import { EvmUnavailableError, VerifierMismatchError } from '../errors/evmSettlementErrors.ts'
import { EVM_RPC_TIMEOUT_MS } from '../limits.ts'

export type ExpectedVerifier = { vkHash: string; g2Words: readonly string[] }
/** A VeritySettlement and a way to read its verifier's code (an EvmSettlementClient is one; settlementVerifierReader makes one without a key). */
export type SettlementVerifierSource = { readonly contract: Address; verifierCode(): Promise<{ address: Address; code: Hex }> }

/** Reads the verifier of the VeritySettlement at `contract` (read-only, no key). */
export function settlementVerifierReader(parameters: { rpcUrl: string; contract: Address }): SettlementVerifierSource {
  const client = createPublicClient({ transport: http(parameters.rpcUrl, { retryCount: 0, timeout: EVM_RPC_TIMEOUT_MS }) })
  return {
    contract: parameters.contract,
    async verifierCode() {
      try {
        const address = (await client.readContract({ address: parameters.contract, abi: veritySettlementAbi, functionName: 'verifier' })) as Address
        return { address, code: (await client.getCode({ address })) ?? '0x' }
      } catch (error) {
        throw new EvmUnavailableError({ rpcUrl: parameters.rpcUrl, reason: `reading the verifier: ${(error as Error).message.split('\n')[0]}` }, { cause: error })
      }
    },
  }
}

/** What this version's SDL verifier holds (generated once with the native bb, then cached; see generateSolidityVerifier). */
export async function expectedSdlVerifier(options: { crsPath?: string } = {}): Promise<ExpectedVerifier> {
  const verifier = await generateSolidityVerifier({ circuit: SDL_CIRCUIT, ...(options.crsPath === undefined ? {} : { crsPath: options.crsPath }) })
  return { vkHash: verifier.vkHash, g2Words: IGNITION_G2_EIP197 }
}

/** Throws VerifierMismatchError unless the contract's verifier code holds `expected`'s VK hash and G2 words; returns the verifier's address. */
export async function checkSettlementVerifier(client: SettlementVerifierSource, expected: ExpectedVerifier): Promise<Address> {
  const { address, code } = await client.verifierCode()
  const fail = (reason: string) => new VerifierMismatchError({ contract: client.contract, verifier: address, reason })
  if (code === '0x') throw fail('it has no code')
  const hex = code.toLowerCase()
  const word = (value: string) => value.toLowerCase().replace(/^0x/, '').padStart(64, '0')
  if (!hex.includes(word(expected.vkHash))) throw fail(`its code does not hold the SDL circuit's verification key hash ${expected.vkHash} (an older version's verifier, or another circuit's)`)
  for (const g2 of expected.g2Words) if (!hex.includes(word(g2))) throw fail(`its pairing check does not use Ignition's [x]₂ (word ${g2} missing)`)
  return address
}
