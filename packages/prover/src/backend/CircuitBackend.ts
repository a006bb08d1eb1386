import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Barretenberg } from '@aztec/bb.js'
import { Noir, type InputMap } from '@noir-lang/noir_js'
import { gunzipSync } from 'node:zlib'
import type { CompiledCircuit } from '../circuits/CompiledCircuit.ts'
import { ignitionForBarretenberg, IGNITION_CIRCUIT_SIZE_MAX, type CrsDescription } from '../crs/ignitionCrs.ts'
import { CrsError, WitnessError } from '../errors/proverErrors.ts'
import { openBarretenberg, type BackendKind } from './openBarretenberg.ts'
import { isKeccakSystem, type ProofSystem } from '../ProofArtifact.ts'

export type RawProof = { proof: Uint8Array; publicInputs: string[] }

/** Barretenberg's per-call proof system settings (its generated ProofSystemSettings, not exported by bb.js). */
type ProofSystemSettings = Parameters<Barretenberg['circuitProve']>[0]['settings']

const FIELD_BYTES = 32

/**
 * One Barretenberg 5 (native `bb` or its wasm: openBarretenberg.ts) with Ignition's CRS loaded,
 * proving and verifying zero-knowledge UltraHonk proofs of compiled circuits (Poseidon2 transcript,
 * or Keccak for EVM verifiers). Verification keys are computed once per circuit, kept in memory and
 * on disk (build/vk/<circuit hash>-<crs fingerprint>-<system>.vk).
 */
export class CircuitBackend {
  private readonly vks = new Map<string, Uint8Array>()
  private readonly bytecodes = new Map<string, Uint8Array>()
  private readonly sizes = new Map<string, { gates: number; subgroupSize: number }>()

  private constructor(
    private readonly api: Barretenberg,
    readonly kind: BackendKind,
    private readonly crs: CrsDescription,
    private readonly vkDir: string | undefined,
    private readonly system: ProofSystem,
  ) {}

  static async create(options: { crs: CrsDescription; threads: number; backend: BackendKind; vkDir?: string; proofSystem?: ProofSystem }): Promise<CircuitBackend> {
    const crs = ignitionForBarretenberg(options.crs.path)
    // The native bb reads (and may write) its CRS directory: it gets the checked, writable copy.
    if (options.backend === 'native') process.env.CRS_PATH = crs.workDir
    const api = await openBarretenberg(options.backend, options.threads)
    try {
      await api.srsInitSrs({ pointsBuf: crs.g1, numPoints: crs.points, g2Point: crs.g2 })
    } catch (error) {
      await api.destroy()
      throw error
    }
    return new CircuitBackend(api, options.backend, options.crs, options.vkDir, options.proofSystem ?? 'ultrahonk-zk/bb5')
  }

  /** Runs the circuit on `inputs`: the compressed witness, or WitnessError when unsatisfied. */
  async execute(circuit: CompiledCircuit, inputs: InputMap): Promise<Uint8Array> {
    try {
      const { witness } = await new Noir(circuit.program).execute(inputs)
      return witness
    } catch (error) {
      throw new WitnessError({ circuit: circuit.name, reason: error instanceof Error ? error.message : String(error) })
    }
  }

  async prove(circuit: CompiledCircuit, witness: Uint8Array): Promise<RawProof> {
    await this.checkSize(circuit)
    const { proof, publicInputs } = await this.api.circuitProve({
      circuit: { name: circuit.name, bytecode: this.bytecode(circuit), verificationKey: await this.verificationKey(circuit) },
      witness: gunzipSync(witness),
      settings: this.settings(),
    })
    const flat = new Uint8Array(proof.length * FIELD_BYTES)
    proof.forEach((field, i) => flat.set(field, i * FIELD_BYTES))
    return { proof: flat, publicInputs: publicInputs.map(toHex) }
  }

  async verify(circuit: CompiledCircuit, raw: RawProof): Promise<boolean> {
    if (raw.proof.length % FIELD_BYTES !== 0) return false
    const vk = await this.verificationKey(circuit)
    const proof: Uint8Array[] = []
    for (let i = 0; i < raw.proof.length; i += FIELD_BYTES) proof.push(raw.proof.subarray(i, i + FIELD_BYTES))
    try {
      const { verified } = await this.api.circuitVerify({ verificationKey: vk, publicInputs: raw.publicInputs.map(fromHex), proof, settings: this.settings() })
      return verified
    } catch {
      // A malformed proof (wrong length for the key, points off the curve) is a failed verification.
      return false
    }
  }

  /** Does now what the first proof and verification of `circuit` would: size it and get its verification key. */
  async warm(circuit: CompiledCircuit): Promise<true> {
    await this.checkSize(circuit)
    await this.verificationKey(circuit)
    return true
  }

  /** Gate count and power-of-two circuit size (rows after finalization), as bb sees the circuit. */
  async circuitSize(circuit: CompiledCircuit): Promise<{ gates: number; subgroupSize: number }> {
    let size = this.sizes.get(circuit.circuitHash)
    if (!size) {
      const stats = await this.api.circuitStats({
        circuit: { name: circuit.name, bytecode: this.bytecode(circuit), verificationKey: new Uint8Array() },
        includeGatesPerOpcode: false,
        settings: this.settings(),
      })
      size = { gates: stats.numGates, subgroupSize: stats.numGatesDyadic }
      this.sizes.set(circuit.circuitHash, size)
    }
    return size
  }

  async verificationKey(circuit: CompiledCircuit): Promise<Uint8Array> {
    const key = `${circuit.circuitHash}-${this.crs.fingerprint}-${isKeccakSystem(this.system) ? 'keccak-zk' : 'poseidon2-zk'}`
    const cached = this.vks.get(key) ?? this.readVk(key)
    if (cached) {
      this.vks.set(key, cached)
      return cached
    }
    await this.checkSize(circuit)
    const { bytes } = await this.api.circuitComputeVk({ circuit: { name: circuit.name, bytecode: this.bytecode(circuit) }, settings: this.settings() })
    this.vks.set(key, bytes)
    this.writeVk(key, bytes)
    return bytes
  }

  /** The Solidity verifier bb generates for this circuit's key (Keccak systems only: what an EVM checks). */
  async solidityVerifier(circuit: CompiledCircuit): Promise<string> {
    const { solidityCode } = await this.api.circuitWriteSolidityVerifier({ verificationKey: await this.verificationKey(circuit), settings: this.settings() })
    return solidityCode
  }

  async destroy(): Promise<void> {
    await this.api.destroy()
  }

  private settings(): ProofSystemSettings {
    // Every proof is zero-knowledge (disableZk: false); the transcript hash is the system's.
    return { ipaAccumulation: false, oracleHashType: isKeccakSystem(this.system) ? 'keccak' : 'poseidon2', disableZk: false, optimizedSolidityVerifier: false }
  }

  private bytecode(circuit: CompiledCircuit): Uint8Array {
    let bytes = this.bytecodes.get(circuit.circuitHash)
    if (!bytes) {
      bytes = gunzipSync(Buffer.from(circuit.program.bytecode, 'base64'))
      this.bytecodes.set(circuit.circuitHash, bytes)
    }
    return bytes
  }

  /** A circuit larger than the Ignition prefix can serve is refused before bb tries (and fails) to load more points. */
  private async checkSize(circuit: CompiledCircuit): Promise<void> {
    const { subgroupSize } = await this.circuitSize(circuit)
    if (subgroupSize > IGNITION_CIRCUIT_SIZE_MAX)
      throw new CrsError({
        path: this.crs.path,
        reason: `circuit ${circuit.name} has 2^${Math.log2(subgroupSize)} rows; the Ignition prefix serves at most 2^${Math.log2(IGNITION_CIRCUIT_SIZE_MAX)}`,
      })
  }

  private readVk(key: string): Uint8Array | undefined {
    if (!this.vkDir) return undefined
    const path = join(this.vkDir, `${key}.vk`)
    return existsSync(path) ? new Uint8Array(readFileSync(path)) : undefined
  }

  private writeVk(key: string, vk: Uint8Array): void {
    if (!this.vkDir) return
    try {
      mkdirSync(this.vkDir, { recursive: true })
      const path = join(this.vkDir, `${key}.vk`)
      const temporary = `${path}.${process.pid}.${Date.now()}.tmp`
      writeFileSync(temporary, vk)
      renameSync(temporary, path)
    } catch {
      // A read-only install keeps the key in memory only.
    }
  }
}

function toHex(bytes: Uint8Array): string {
  return '0x' + Buffer.from(bytes).toString('hex')
}

function fromHex(hex: string): Uint8Array {
  return new Uint8Array(Buffer.from(hex.slice(2), 'hex'))
}
