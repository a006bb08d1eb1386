import { bn254 } from '@noble/curves/bn254.js'
import { FixedBaseTable, jacobianToAffine } from './FixedBaseTable.ts'
import { G1_POINT_BYTES } from './crsFiles.ts'

const R = bn254.fields.Fr.ORDER

/** [τ^i]₁ for i in [start, end), serialized as bb.js reads them (x‖y, 32-byte big-endian each). */
export function computeG1Powers(tau: bigint, start: number, end: number): Uint8Array {
  const table = new FixedBaseTable()
  let power = bn254.fields.Fr.pow(tau, BigInt(start))
  const jacobian: [bigint, bigint, bigint][] = []
  for (let i = start; i < end; i++) {
    jacobian.push(table.multiplyJacobian(power))
    power = (power * tau) % R
  }
  const affine = jacobianToAffine(jacobian)
  const out = new Uint8Array((end - start) * G1_POINT_BYTES)
  affine.forEach((point, k) => {
    writeBigEndian32(out, k * G1_POINT_BYTES, point.x)
    writeBigEndian32(out, k * G1_POINT_BYTES + 32, point.y)
  })
  return out
}

export function writeBigEndian32(out: Uint8Array, offset: number, value: bigint): void {
  let v = value
  for (let i = 31; i >= 0; i--) {
    out[offset + i] = Number(v & 0xffn)
    v >>= 8n
  }
}
