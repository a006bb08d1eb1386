import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Barretenberg, RawBuffer, reconstructHonkProof, splitHonkProof } from '@aztec/bb.js'
import { Noir, type InputMap } from '@noir-lang/noir_js'
import { gunzipSync } from 'node:zlib'
import type { CompiledCircuit } from '../circuits/CompiledCircuit.ts'
import { publicInputCount } from '../circuits/publicInputCount.ts'
import type { CrsDescription } from '../crs/readCrs.ts'
import { CrsError, WitnessError } from '../errors/proverErrors.ts'
import { BB_WASM_PATH } from './bbWasmPath.ts'
import type { ProofSystem } from '../ProofArtifact.ts'

export type RawProof = { proof: Uint8Array; publicInputs: string[] }

const FIELD_BYTES = 32

/**
 * One bb.js (wasm) instance with its CRS loaded, proving and verifying UltraHonk proofs of compiled
 * circuits. Verification keys are computed once per circuit and CRS, kept in memory and on disk
 * (build/vk/<circuit hash>-<crs fingerprint>.vk): bb.js 0.82.2's own verifyProof recomputes the
 * key on every call, which costs more than the verification itself.
 */
export class CircuitBackend {
  private srsPoints = 0
  private readonly vks = new Map<string, Uint8Array>()
  private readonly bytecodes = new Map<string, Uint8Array>()
  private readonly sizes = new Map<string, { gates: number; subgroupSize: number }>()

  private constructor(
    private readonly api: Barretenberg,
    private readonly crs: CrsDescription,
    private readonly vkDir: string | undefined,
    private readonly keccak: boolean,
  ) {}

  /** `proofSystem` 'ultrahonk-keccak' proves and verifies with the Keccak transcript (for EVM verifiers). */
  static async create(options: { crs: CrsDescription; threads: number; vkDir?: string; proofSystem?: ProofSystem }): Promise<CircuitBackend> {
    const api = await Barretenberg.new({ threads: options.threads, crsPath: options.crs.path, wasmPath: BB_WASM_PATH, logger: () => {} })
    return new CircuitBackend(api, options.crs, options.vkDir, options.proofSystem === 'ultrahonk-keccak')
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
    const bytecode = await this.prepare(circuit)
    const witnessBytes = gunzipSync(witness)
    const proofWithInputs = this.keccak ? await this.api.acirProveUltraKeccakHonk(bytecode, false, witnessBytes) : await this.api.acirProveUltraHonk(bytecode, false, witnessBytes)
    const { proof, publicInputs } = splitHonkProof(proofWithInputs, publicInputCount(circuit))
    return { proof, publicInputs: splitFields(publicInputs) }
  }

  async verify(circuit: CompiledCircuit, raw: RawProof): Promise<boolean> {
    await this.prepare(circuit)
    const vk = await this.verificationKey(circuit)
    const inputs = new Uint8Array(raw.publicInputs.length * FIELD_BYTES)
    raw.publicInputs.forEach((hex, i) => inputs.set(Buffer.from(hex.slice(2), 'hex'), i * FIELD_BYTES))
    const proof = reconstructHonkProof(inputs, raw.proof)
    return this.keccak ? this.api.acirVerifyUltraKeccakHonk(proof, new RawBuffer(vk)) : this.api.acirVerifyUltraHonk(proof, new RawBuffer(vk))
  }

  /** Does now what the first proof and verification of `circuit` would: size it, load its CRS points, get its verification key. */
  async warm(circuit: CompiledCircuit): Promise<true> {
    await this.prepare(circuit)
    await this.verificationKey(circuit)
    return true
  }

  /** Gate count and power-of-two circuit size, as bb sees the circuit. */
  async circuitSize(circuit: CompiledCircuit): Promise<{ gates: number; subgroupSize: number }> {
    // Sizing builds the whole circuit in bb: once per circuit, not once per proof.
    let size = this.sizes.get(circuit.circuitHash)
    if (!size) {
      const [gates, subgroupSize] = await this.api.acirGetCircuitSizes(this.bytecode(circuit), false, true)
      size = { gates, subgroupSize }
      this.sizes.set(circuit.circuitHash, size)
    }
    return size
  }

  async verificationKey(circuit: CompiledCircuit): Promise<Uint8Array> {
    const key = `${circuit.circuitHash}-${this.crs.fingerprint}${this.keccak ? '-keccak' : ''}`
    const cached = this.vks.get(key) ?? this.readVk(key)
    if (cached) {
      this.vks.set(key, cached)
      return cached
    }
    await this.prepare(circuit)
    const vk = this.keccak ? await this.api.acirWriteVkUltraKeccakHonk(this.bytecode(circuit), false) : await this.api.acirWriteVkUltraHonk(this.bytecode(circuit), false)
    this.vks.set(key, vk)
    this.writeVk(key, vk)
    return vk
  }

  async destroy(): Promise<void> {
    await this.api.destroy()
  }

  private bytecode(circuit: CompiledCircuit): Uint8Array {
    let bytes = this.bytecodes.get(circuit.circuitHash)
    if (!bytes) {
      bytes = gunzipSync(Buffer.from(circuit.program.bytecode, 'base64'))
      this.bytecodes.set(circuit.circuitHash, bytes)
    }
    return bytes
  }

  /** Loads enough of the CRS for the circuit (once; again only when a larger circuit comes). */
  private async prepare(circuit: CompiledCircuit): Promise<Uint8Array> {
    const bytecode = this.bytecode(circuit)
    const { subgroupSize } = await this.circuitSize(circuit)
    if (subgroupSize + 1 > this.srsPoints) {
      if (this.crs.kind === 'dev' && this.crs.points < subgroupSize + 1)
        throw new CrsError({
          path: this.crs.path,
          reason: `has ${this.crs.points} points; circuit ${circuit.name} needs ${subgroupSize + 1} ` +
            `(regenerate: npm run crs:dev -w packages/prover -- --points ${subgroupSize + 1})`,
        })
      await this.api.initSRSForCircuitSize(subgroupSize)
      this.srsPoints = subgroupSize + 1
    }
    return bytecode
  }

  private readVk(key: string): Uint8Array | undefined {
    if (!this.vkDir) return undefined
    const path = join(this.vkDir, `${key}.vk`)
    return existsSync(path) ? new Uint8Array(readFileSync(path)) : undefined
  }

  private writeVk(key: string, vk: Uint8Array): void {
    if (!this.vkDir) return
    mkdirSync(this.vkDir, { recursive: true })
    const path = join(this.vkDir, `${key}.vk`)
    const temporary = `${path}.${process.pid}.${Date.now()}.tmp`
    writeFileSync(temporary, vk)
    renameSync(temporary, path)
  }
}

function splitFields(bytes: Uint8Array): string[] {
  const out: string[] = []
  for (let i = 0; i < bytes.length; i += FIELD_BYTES)
    out.push('0x' + Buffer.from(bytes.subarray(i, i + FIELD_BYTES)).toString('hex'))
  return out
}

