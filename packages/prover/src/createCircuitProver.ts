import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import type { InputMap } from '@noir-lang/noir_js'
import { loadCircuit } from './circuits/loadCircuit.ts'
import type { CompiledCircuit } from './circuits/CompiledCircuit.ts'
import { publicInputCount } from './circuits/publicInputCount.ts'
import { readCrs } from './crs/ignitionCrs.ts'
import { ProofCancelledError, ProofRejectedError } from './errors/proverErrors.ts'
import { PROOF_QUEUE_MAX_DEFAULT, PROVER_WORKERS_DEFAULT, PROVER_WORKERS_MAX } from './limits.ts'
import { BUILD_DIR, IGNITION_CRS_DIR } from './paths.ts'
import { ProverPool } from './pool/ProverPool.ts'
import type { RawProof } from './backend/CircuitBackend.ts'
import { resolveBackend, type BackendChoice, type BackendKind } from './backend/openBarretenberg.ts'
import { PROOF_SYSTEM, type ProofArtifact, type ProofSystem, type VerifyResult } from './ProofArtifact.ts'
import { checkArtifactShape } from './checkArtifactShape.ts'

export type ProverOptions = {
  /**
   * Directory of the Ignition CRS (bn254_g1_compressed.dat or bn254_g1.dat, and bn254_g2.dat): its
   * first 2^15 + 1 points and [x]₂ must hash to the constants in crs/ignitionCrs.ts. Default: the
   * prefix committed in this package (crs/ignition). The services read VERITY_*_CRS_PATH and pass it.
   */
  crsPath?: string
  /** Threads per worker's Barretenberg. Default: the machine's parallelism divided among workers. */
  threads?: number
  /** Jobs queued or running before ProofQueueFullError. Default PROOF_QUEUE_MAX_DEFAULT. */
  queueMax?: number
  /** Kept for the services' --production flag: every CRS is Ignition's now, so it changes nothing. */
  production?: boolean
  /** Worker threads (each drives one Barretenberg). Default PROVER_WORKERS_DEFAULT. */
  workers?: number
  /** Log lines. Default: none. */
  log?: (line: string) => void
  /** PROOF_SYSTEM_KECCAK for proofs an EVM verifier checks (docs/settlement-evm.md). Default PROOF_SYSTEM. */
  proofSystem?: ProofSystem
  /**
   * 'native' (the `bb` binary of @aztec/bb.js), 'wasm' (its WebAssembly) or 'auto' (default):
   * native when its binary runs on this machine, else wasm. `prover.backend` says which was chosen.
   */
  backend?: BackendChoice
}

export type CircuitProver = {
  /** The CRS artifacts of this prover carry: Aztec's Ignition. */
  readonly crs: 'ignition'
  /** Which Barretenberg proves and verifies: the native bb or its wasm. */
  readonly backend: BackendKind
  /** Why that backend (e.g. "native bb at …", "wasm, because …"), for start lines. */
  readonly backendReason: string
  /** Proves circuit `name` (a folder under circuits/) on `inputs` (noir_js InputMap). */
  proveCircuit(name: string, inputs: InputMap, options?: { signal?: AbortSignal }): Promise<ProofArtifact>
  /** Verifies an artifact of circuit `name`: ok, or the reason (an old proof system's artifact is refused by name). */
  verifyCircuit(name: string, artifact: ProofArtifact): Promise<VerifyResult>
  /** Runs the circuit without proving: satisfied, or the reason it is not. */
  executeCircuit(name: string, inputs: InputMap): Promise<{ satisfied: true } | { satisfied: false; reason: string }>
  /** Gate count and power-of-two size (rows) of circuit `name`. */
  circuitSize(name: string): Promise<{ gates: number; subgroupSize: number }>
  /** The verification key of circuit `name` for this prover's proof system (what an offline verifier, e.g. a browser, needs). */
  verificationKey(name: string): Promise<Uint8Array>
  /**
   * Starts every worker and loads, in each, Barretenberg, the CRS points and the verification keys of
   * these circuits, so that no proof pays for them (call it at start-up; proofs submitted
   * meanwhile wait behind it). A circuit with inputs in `proofInputs` (a satisfying witness) is
   * also proven once in every worker, which is what makes the first real proof as fast as the
   * ones after it.
   */
  warmUp(names: readonly string[], options?: { proofInputs?: Readonly<Record<string, InputMap>> }): Promise<void>
  close(): Promise<void>
}

/**
 * Creates the low-level prover: a pool of worker threads, each driving one Barretenberg 5 (the
 * native bb, or its wasm where the binary cannot run) over the circuits compiled from circuits/*,
 * with Ignition's CRS (checked against its SHA-256 before use). Use `createProver` for the full
 * Prover with the policy circuit; this is what it and the SDL prover build on.
 */
export function createCircuitProver(options: ProverOptions = {}): CircuitProver {
  // Every setting comes in through `options`: the library reads no environment (services do, at start).
  const crs = readCrs(options.crsPath ?? IGNITION_CRS_DIR)
  const workers = Math.min(Math.max(1, options.workers ?? PROVER_WORKERS_DEFAULT), PROVER_WORKERS_MAX)
  const threads = Math.max(1, options.threads ?? Math.floor(availableParallelism() / workers))
  const queueMax = options.queueMax ?? PROOF_QUEUE_MAX_DEFAULT
  if (!Number.isSafeInteger(queueMax) || queueMax < 1) throw new RangeError(`queueMax must be a positive integer, got ${queueMax}`)
  const proofSystem = options.proofSystem ?? PROOF_SYSTEM
  const backend = resolveBackend(options.backend ?? 'auto')
  options.log?.(`prover: ${backend.kind} Barretenberg (${backend.reason}), Ignition CRS (${crs.points} points), ${proofSystem}`)

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
  let closed = false
  // A closed prover starts no workers: a warm-up still preparing its inputs when a service stops
  // (Ctrl-C during its start) would otherwise start a pool nothing closes, and keep the process alive.
  const getPool = () =>
    closed ? Promise.reject(new ProofCancelledError({ reason: 'prover closed' })) : (pool ??= Promise.resolve(new ProverPool({ workers, queueMax, config: { crs, threads, vkDir: join(BUILD_DIR, 'vk'), proofSystem, backend: backend.kind } })))

  return {
    crs: 'ignition',
    backend: backend.kind,
    backendReason: backend.reason,
    async proveCircuit(name, inputs, { signal } = {}) {
      const compiled = await circuit(name)
      const raw = await (await getPool()).submit<RawProof>({ kind: 'prove', circuit: compiled, inputs }, signal)
      return {
        system: proofSystem,
        circuit: name,
        circuit_hash: compiled.circuitHash,
        crs: 'ignition',
        public_inputs: raw.publicInputs,
        proof: Buffer.from(raw.proof).toString('base64'),
      }
    },
    async verifyCircuit(name, artifact) {
      const compiled = await circuit(name)
      const shape = checkArtifactShape(artifact, { name, circuitHash: compiled.circuitHash, publicInputs: publicInputCount(compiled), system: proofSystem })
      if (!shape.ok) return shape
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
    async verificationKey(name) {
      const compiled = await circuit(name)
      return new Uint8Array(await (await getPool()).submit<Uint8Array>({ kind: 'vk', circuit: compiled }))
    },
    async warmUp(names, { proofInputs } = {}) {
      const pool = await getPool()
      for (const name of names) {
        const inputs = proofInputs?.[name]
        await pool.warmEveryWorker({ kind: 'warm', circuit: await circuit(name), ...(inputs === undefined ? {} : { inputs }) })
      }
    },
    async close() {
      closed = true
      // A pool that failed to start has nothing to close.
      if (pool) await pool.then((started) => started.close(), () => {})
    },
  }
}
