import { SlotOpKind, type PlacedSlotOp } from '@verity/ledger'
import { FIELD_MODULUS } from '../hash/poseidon2.ts'
import { SdlRuleError } from './sdlErrors.ts'

const U64_LIMIT = 2n ** 64n

/** The circuit's rule for one operation, checked on the host so a bad SDL fails before proving. */
export function nextSlotValue(op: PlacedSlotOp, old: bigint, opIndex: number): bigint {
  const fail = (reason: string): never => {
    throw new SdlRuleError({ opIndex, reason })
  }
  switch (op.kind) {
    case SlotOpKind.Credit:
      if (op.a >= U64_LIMIT || old + op.a >= U64_LIMIT) fail(`credit of ${op.a} to ${old} leaves the u64 range`)
      if (op.b === 1n && op.a === 0n) fail('a new mint cannot have zero supply')
      return old + op.a
    case SlotOpKind.Debit:
      if (op.a >= U64_LIMIT || op.a > old) fail(`debit of ${op.a} exceeds the balance ${old}`)
      return old - op.a
    case SlotOpKind.Nonce:
      if (old + 1n !== op.a) fail(`nonce ${op.a}, expected ${old + 1n}`)
      return op.a
    case SlotOpKind.Set:
      if (old !== op.a) fail(`slot holds ${old}, expected ${op.a}`)
      return op.b % FIELD_MODULUS
    case SlotOpKind.Role:
      if (old !== 0n && old !== op.a) fail(`vault role is ${old}, cannot become ${op.a}`)
      return op.a
    default:
      return fail(`unexpected op kind ${op.kind}`)
  }
}
