import { homedir, availableParallelism } from 'node:os'
import { join } from 'node:path'
import { existsSync } from 'node:fs'
import type { InputMap } from '@noir-lang/noir_js'
import { loadCircuit } from './circuits/loadCircuit.ts'
import type { CompiledCircuit } from './circuits/CompiledCircuit.ts'
import { publicInputCount } from './circuits/publicInputCount.ts'
import { ensureDevCrs } from './crs/ensureDevCrs.ts'
import { readCrs, type CrsDescription } from './crs/readCrs.ts'
import { CrsError, DevCrsRefusedError, ProofRejectedError } from './errors/proverErrors.ts'
import { G1_FILE, G2_FILE } from './crs/crsFiles.ts'
import { PROOF_QUEUE_MAX_DEFAULT, PROVER_WORKERS_DEFAULT, PROVER_WORKERS_MAX } from './limits.ts'
import { BUILD_DIR, DEV_CRS_DIR } from './paths.ts'
import { ProverPool } from './pool/ProverPool.ts'
import type { RawProof } from './backend/CircuitBackend.ts'
import type { ProofArtifact, ProofSystem, VerifyResult } from './ProofArtifact.ts'
import { checkArtifactShape } from './checkArtifactShape.ts'

export type ProverOptions = {
  /** CRS directory (bn254_g1.dat, bn254_g2.dat). Default: the build's dev CRS (~/.bb-crs in production). The services read VERITY_*_CRS_PATH and pass it. */
  crsPath?: string
  /** bb.js threads per worker. Default: the machine's parallelism divided among workers. */
  threads?: number
  /** Jobs queued or running before ProofQueueFullError. Default PROOF_QUEUE_MAX_DEFAULT. */
  queueMax?: number
  /** Refuse a dev CRS and dev-CRS artifacts. */
  production?: boolean
  /** Worker threads (each a bb.js instance). Default PROVER_WORKERS_DEFAULT. */
  workers?: number
  /** Log lines (the dev CRS warning among them). Default: none. */
  log?: (line: string) => void
  /** 'ultrahonk-keccak' for proofs an EVM verifier checks (docs/settlement-evm.md). Default 'ultrahonk'. */
  proofSystem?: ProofSystem
}

export type CircuitProver = {
  /** The CRS kind artifacts of this prover carry. */
  readonly crs: 'dev' | 'ignition'
  /** Proves circuit `name` (a folder under circuits/) on `inputs` (noir_js InputMap). */
  proveCircuit(name: string, inputs: InputMap, options?: { signal?: AbortSignal }): Promise<ProofArtifact>
  /** Verifies an artifact of circuit `name`; throws DevCrsRefusedError for a dev artifact in production. */
  verifyCircuit(name: string, artifact: ProofArtifact): Promise<VerifyResult>
  /** Runs the circuit without proving: satisfied, or the reason it is not. */
  executeCircuit(name: string, inputs: InputMap): Promise<{ satisfied: true } | { satisfied: false; reason: string }>
  /** Gate count and power-of-two size of circuit `name`. */
  circuitSize(name: string): Promise<{ gates: number; subgroupSize: number }>
  /**
   * Starts every worker and loads, in each, bb.js, the CRS points and the verification keys of
   * these circuits, so that no proof pays for them (call it at start-up; proofs submitted
   * meanwhile wait behind it). A circuit with inputs in `proofInputs` (a satisfying witness) is
   * also proven once in every worker, which is what makes the first real proof as fast as the
   * ones after it (bb.js's threads, memory and optimized wasm code are ready).
   */
  warmUp(names: readonly string[], options?: { proofInputs?: Readonly<Record<string, InputMap>> }): Promise<void>
  close(): Promise<void>
}

/**
 * Creates the low-level prover: a pool of worker threads running bb.js (UltraHonk, wasm) over the
 * circuits compiled from circuits/*. Use `createProver` (src/createPolicyProver.ts) for the full
 * Prover with the policy circuit; this is what it and the SDL prover build on.
 */
export function createCircuitProver(options: ProverOptions = {}): CircuitProver {
  // Every setting comes in through `options`: the library reads no environment (services do, at start).
  const production = options.production ?? false
  const crsPath = options.crsPath ?? (production ? join(homedir(), '.bb-crs') : DEV_CRS_DIR)
  const usesBuildDevCrs = crsPath === DEV_CRS_DIR
  const workers = Math.min(Math.max(1, options.workers ?? PROVER_WORKERS_DEFAULT), PROVER_WORKERS_MAX)
  const threads = Math.max(1, options.threads ?? Math.floor(availableParallelism() / workers))
  const queueMax = options.queueMax ?? PROOF_QUEUE_MAX_DEFAULT
  if (!Number.isSafeInteger(queueMax) || queueMax < 1) throw new RangeError(`queueMax must be a positive integer, got ${queueMax}`)
  const log = options.log ?? (() => {})
  const proofSystem = options.proofSystem ?? 'ultrahonk'

  let crs: CrsDescription | undefined = existsSync(crsPath) ? readCrs(crsPath) : undefined
  if (production && crs?.kind === 'dev') throw new DevCrsRefusedError({ what: `the CRS at ${crsPath}` })
  if (crs?.kind === 'dev') log(`WARNING: using the INSECURE dev CRS at ${crsPath} (proofs say crs: 'dev')`)

  const circuits = new Map<string, Promise<CompiledCircuit>>()
  const circuit = (name: string) => {
    let loaded = circuits.get(name)
    if (!loaded) {
      loaded = loadCircuit(name)
      loaded.catch(() => circuits.delete(name))
      circuits.set(name, loaded)
    }
    return loaded
  }
  let pool: Promise<ProverPool> | undefined
  const getPool = () =>
    (pool ??= (async () => {
      // The build's dev CRS is (re)generated when missing; a configured path is used as it is
      // (bb.js downloads the Ignition CRS into an empty directory when it can reach the internet).
      crs = usesBuildDevCrs ? await ensureDevCrs({ dir: DEV_CRS_DIR, log }) : readCrs(crsPath)
      if (production && crs.kind === 'dev') throw new DevCrsRefusedError({ what: `the CRS at ${crsPath}` })
      // Outside production an empty directory is a mistake, not a cue to download Ignition.
      if (!production && crs.points === 0)
        throw new CrsError({ path: crsPath, reason: `no ${G1_FILE}/${G2_FILE} here; generate a dev CRS (npm run crs:dev -w packages/prover -- --dir ${crsPath}) or point VERITY_CRS_PATH at the Ignition files` })
      return new ProverPool({ workers, queueMax, config: { crs, threads, vkDir: join(BUILD_DIR, 'vk'), proofSystem } })
    })())

  const crsKind = (): 'dev' | 'ignition' => crs?.kind ?? (usesBuildDevCrs ? 'dev' : 'ignition')

  return {
    get crs() {
      return crsKind()
    },
    async proveCircuit(name, inputs, { signal } = {}) {
      const compiled = await circuit(name)
      const raw = await (await getPool()).submit<RawProof>({ kind: 'prove', circuit: compiled, inputs }, signal)
      return {
        system: proofSystem,
        circuit: name,
        circuit_hash: compiled.circuitHash,
        crs: crsKind(),
        public_inputs: raw.publicInputs,
        proof: Buffer.from(raw.proof).toString('base64'),
      }
    },
    async verifyCircuit(name, artifact) {
      const compiled = await circuit(name)
      const shape = checkArtifactShape(artifact, { name, circuitHash: compiled.circuitHash, publicInputs: publicInputCount(compiled), system: proofSystem })
      if (!shape.ok) return shape
      if (production && artifact.crs === 'dev') throw new DevCrsRefusedError({ what: `the ${name} proof artifact` })
      const ok = await (await getPool()).submit<boolean>({
        kind: 'verify',
        circuit: compiled,
        proof: new Uint8Array(Buffer.from(artifact.proof, 'base64')),
        publicInputs: artifact.public_inputs,
      })
      return ok ? { ok: true } : { ok: false, reason: new ProofRejectedError({ reason: 'the proof does not verify' }).message }
    },
    async executeCircuit(name, inputs) {
      const compiled = await circuit(name)
      try {
        await (await getPool()).submit<boolean>({ kind: 'execute', circuit: compiled, inputs })
        return { satisfied: true }
      } catch (error) {
        if (error instanceof Error && 'code' in error && error.code === 'WITNESS_UNSATISFIED') return { satisfied: false, reason: error.message }
        throw error
      }
    },
    async circuitSize(name) {
      const compiled = await circuit(name)
      return (await getPool()).submit({ kind: 'size', circuit: compiled })
    },
    async warmUp(names, { proofInputs } = {}) {
      const pool = await getPool()
      for (const name of names) {
        const inputs = proofInputs?.[name]
        await pool.warmEveryWorker({ kind: 'warm', circuit: await circuit(name), ...(inputs === undefined ? {} : { inputs }) })
      }
    },
    async close() {
      // A pool that failed to start has nothing to close.
      if (pool) await pool.then((started) => started.close(), () => {})
    },
  }
}
