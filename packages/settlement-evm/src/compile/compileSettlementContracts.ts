// The two contracts of an EVM settlement deployment: the SDL circuit's UltraHonk verifier as
// Barretenberg 5 generates it (HonkVerifier, the optimized one: no linked libraries) and VeritySettlement. Compiled output is cached in build/ by the hash of the
// sources and the compiler version, so a restart does not recompile (~2 s of solc-js).
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { generateSolidityVerifier, SDL_CIRCUIT } from '@verity/prover'
import { compileContracts, SOLC_VERSION, type CompiledContract } from './compileContracts.ts'

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url))
/** VeritySettlement's source. */
export const SETTLEMENT_SOURCE_PATH = join(PACKAGE_DIR, 'contracts', 'VeritySettlement.sol')
const BUILD_DIR = join(PACKAGE_DIR, 'build')
/** The shape of a cached compile (part of its key): 2 added the runtime code and its immutables' ranges. */
const COMPILED_CACHE_FORMAT = 2

export type SettlementContracts = {
  verifier: CompiledContract
  settlement: CompiledContract
  /** the CRS the verifier's pairing check uses: Aztec's Ignition */
  crs: 'ignition'
  /** the proof system the verifier checks (EVM_PROOF_SYSTEM) */
  system: string
  circuitHash: string
}

/** Compiles VeritySettlement alone (its ABI does not depend on the verifier). */
export function compileSettlementOnly(): CompiledContract {
  const [settlement] = compileContracts({ 'VeritySettlement.sol': readFileSync(SETTLEMENT_SOURCE_PATH, 'utf8') }, [{ file: 'VeritySettlement.sol', name: 'VeritySettlement' }])
  return settlement!
}

/**
 * Generates the SDL verifier (over the Ignition CRS at `crsPath`, default the prover's committed
 * prefix; needs the native bb the first time, cached in packages/prover/build/evm) and compiles
 * both contracts.
 */
export async function compileSettlementContracts(options: { crsPath?: string } = {}): Promise<SettlementContracts> {
  const verifierSource = await generateSolidityVerifier({ circuit: SDL_CIRCUIT, ...(options.crsPath === undefined ? {} : { crsPath: options.crsPath }) })
  const sources = { 'HonkVerifier.sol': verifierSource.source, 'VeritySettlement.sol': readFileSync(SETTLEMENT_SOURCE_PATH, 'utf8') }
  const key = createHash('sha256').update(`${COMPILED_CACHE_FORMAT}`).update(SOLC_VERSION).update(JSON.stringify(sources)).digest('hex').slice(0, 32)
  const cachePath = join(BUILD_DIR, `contracts-${key}.json`)
  let compiled: CompiledContract[]
  if (existsSync(cachePath)) compiled = JSON.parse(readFileSync(cachePath, 'utf8')) as CompiledContract[]
  else {
    compiled = compileContracts(sources, [
      { file: 'HonkVerifier.sol', name: 'HonkVerifier' },
      { file: 'VeritySettlement.sol', name: 'VeritySettlement' },
    ])
    mkdirSync(BUILD_DIR, { recursive: true })
    writeFileSync(`${cachePath}.${process.pid}.tmp`, JSON.stringify(compiled))
    renameSync(`${cachePath}.${process.pid}.tmp`, cachePath)
  }
  return { verifier: compiled[0]!, settlement: compiled[1]!, crs: verifierSource.crs, system: verifierSource.system, circuitHash: verifierSource.circuitHash }
}
