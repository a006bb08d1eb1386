import type { InputMap } from '@noir-lang/noir_js'
import type { CompiledCircuit } from '../circuits/CompiledCircuit.ts'
import type { CrsDescription } from '../crs/ignitionCrs.ts'
import type { BackendKind } from '../backend/openBarretenberg.ts'
import type { ProofSystem } from '../ProofArtifact.ts'

/** workerData of a prover worker. */
export type WorkerConfig = { crs: CrsDescription; threads: number; vkDir: string; proofSystem?: ProofSystem; backend: BackendKind }

/** Messages from the pool to a worker. */
export type WorkerRequest =
  | { id: number; kind: 'prove'; circuit: CompiledCircuit; inputs: InputMap }
  | { id: number; kind: 'verify'; circuit: CompiledCircuit; proof: Uint8Array; publicInputs: string[] }
  | { id: number; kind: 'execute'; circuit: CompiledCircuit; inputs: InputMap }
  | { id: number; kind: 'size'; circuit: CompiledCircuit }
  | { id: number; kind: 'vk'; circuit: CompiledCircuit }
  /**
   * Loads Barretenberg, the CRS points and the verification key of `circuit` now, not on the first proof;
   * with `inputs` (a satisfying witness) it also proves and verifies once, discarding the proof, so
   * bb.js's threads, its memory and the wasm code a proof runs are warm too.
   */
  | { id: number; kind: 'warm'; circuit: CompiledCircuit; inputs?: InputMap }
  | { id: number; kind: 'close' }

/** A failure as it crosses the thread boundary (typed errors are rebuilt from `code`). */
export type WorkerFailure = { code?: string; message: string; fields?: Record<string, unknown> }

/** Messages from a worker to the pool. */
export type WorkerResponse =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: WorkerFailure }
