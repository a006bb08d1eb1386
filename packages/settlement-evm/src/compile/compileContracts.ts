// Compiles Solidity with the pinned `solc` npm package (solc-js, no downloaded compiler). The
// verifier is large: the optimizer runs once per code path (SOLC_OPTIMIZER_RUNS), the setting that
// keeps its deployed code smallest, and via-IR stays off (it grows the verifier).
import { createRequire } from 'node:module'
import { ContractCompileError } from '../errors/evmSettlementErrors.ts'
import { CONTRACT_BYTES_MAX, SOLC_OPTIMIZER_RUNS } from '../limits.ts'

type Solc = { compile(input: string): string; version(): string }
const solc = createRequire(import.meta.url)('solc') as Solc

export type CompiledContract = {
  name: string
  abi: readonly unknown[]
  /** creation bytecode, 0x hex */
  bytecode: `0x${string}`
  /** size of the runtime (deployed) code in bytes */
  deployedBytes: number
  /** runtime (deployed) code, 0x hex, with zeros where the constructor writes its immutables */
  deployedBytecode: `0x${string}`
  /** where the immutables sit in the runtime code: byte ranges, filled in at deployment */
  immutableRanges: ReadonlyArray<{ start: number; length: number }>
}

type SolcOutput = {
  errors?: Array<{ severity: string; formattedMessage: string }>
  contracts?: Record<
    string,
    Record<string, { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string; immutableReferences?: Record<string, Array<{ start: number; length: number }>> } } }>
  >
}

/** The compiler's version string (part of every cache key). */
export const SOLC_VERSION = solc.version()

/**
 * Compiles `sources` (file name → Solidity) and returns the named contracts. Throws
 * ContractCompileError on a compiler error, a missing contract, or runtime code over EIP-170's limit.
 */
export function compileContracts(sources: Record<string, string>, wanted: ReadonlyArray<{ file: string; name: string }>): CompiledContract[] {
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([file, content]) => [file, { content }])),
    settings: {
      optimizer: { enabled: true, runs: SOLC_OPTIMIZER_RUNS },
      evmVersion: 'cancun',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object', 'evm.deployedBytecode.immutableReferences'] } },
    },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0) throw new ContractCompileError({ contract: wanted.map((w) => w.name).join(', '), reason: errors.map((e) => e.formattedMessage).join('\n') })
  return wanted.map(({ file, name }) => {
    const contract = output.contracts?.[file]?.[name]
    if (!contract) throw new ContractCompileError({ contract: name, reason: `not found in ${file}` })
    const deployedBytes = contract.evm.deployedBytecode.object.length / 2
    if (deployedBytes > CONTRACT_BYTES_MAX)
      throw new ContractCompileError({ contract: name, reason: `runtime code is ${deployedBytes} bytes, over EIP-170's ${CONTRACT_BYTES_MAX}` })
    const immutableRanges = Object.values(contract.evm.deployedBytecode.immutableReferences ?? {}).flat()
    return { name, abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}`, deployedBytes, deployedBytecode: `0x${contract.evm.deployedBytecode.object}`, immutableRanges }
  })
}
