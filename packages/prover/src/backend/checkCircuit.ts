import { abi, acvm, type InputMap } from '@noir-lang/noir_js'
import type { CompiledCircuit } from '../circuits/CompiledCircuit.ts'
import { WitnessError } from '../errors/proverErrors.ts'

const bytecodes = new Map<string, Uint8Array>()

/**
 * Runs the circuit on `inputs` without keeping the witness (no compression, no proof, no bb.js):
 * the fast path of `executeCircuit`, for checking satisfiability over many cases. Throws
 * WitnessError with the circuit's assertion message when the inputs do not satisfy it.
 */
export async function checkCircuit(circuit: CompiledCircuit, inputs: InputMap): Promise<void> {
  let bytecode = bytecodes.get(circuit.circuitHash)
  if (!bytecode) {
    bytecode = new Uint8Array(Buffer.from(circuit.program.bytecode, 'base64'))
    bytecodes.set(circuit.circuitHash, bytecode)
  }
  try {
    const witnessMap = abi.abiEncode(circuit.program.abi, inputs)
    await acvm.executeProgram(bytecode, witnessMap, async (name: string) => {
      if (name === 'print') return []
      throw new Error(`unexpected oracle ${name}`)
    })
  } catch (error) {
    throw new WitnessError({ circuit: circuit.name, reason: describeExecutionError(circuit, error) })
  }
}

/** The assertion message of a failed execution, worded as noir_js words it. */
function describeExecutionError(circuit: CompiledCircuit, error: unknown): string {
  const payload = (error as { rawAssertionPayload?: unknown } | null)?.rawAssertionPayload
  if (payload) {
    try {
      const decoded = abi.abiDecodeError(circuit.program.abi, payload as Parameters<typeof abi.abiDecodeError>[1])
      if (typeof decoded === 'string') return `Circuit execution failed: ${decoded}`
    } catch {
      // fall through to the raw message
    }
  }
  return error instanceof Error ? error.message : String(error)
}
