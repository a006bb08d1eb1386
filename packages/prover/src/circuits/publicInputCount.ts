import type { CompiledCircuit } from './CompiledCircuit.ts'

type AbiType = CompiledCircuit['program']['abi']['parameters'][number]['type']

/** Number of field elements of a value of this ABI type. */
export function abiTypeFieldCount(type: AbiType): number {
  switch (type.kind) {
    case 'field':
    case 'integer':
    case 'boolean':
      return 1
    case 'string':
      return type.length
    case 'array':
      return type.length * abiTypeFieldCount(type.type)
    case 'tuple':
      return type.fields.reduce((sum, inner) => sum + abiTypeFieldCount(inner), 0)
    case 'struct':
      return type.fields.reduce((sum, field) => sum + abiTypeFieldCount(field.type), 0)
  }
}

/** Field elements of the circuit's public inputs (public parameters, then a return value). */
export function publicInputCount(circuit: CompiledCircuit): number {
  const { parameters, return_type } = circuit.program.abi
  const fromParameters = parameters
    .filter((parameter) => parameter.visibility === 'public')
    .reduce((sum, parameter) => sum + abiTypeFieldCount(parameter.type), 0)
  return fromParameters + (return_type ? abiTypeFieldCount(return_type.abi_type) : 0)
}
