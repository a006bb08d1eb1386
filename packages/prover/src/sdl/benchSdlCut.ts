// Measures the SDL scheduler alone (cutSdlBatches): how long cutting an SDL's slot operations into
// batch proofs takes, for transfers among `vaults` vaults (each a token transfer: the sender's nonce
// and debit, the recipient's credit, its holder role once per SDL), and a digest of the batches, so
// that a change meant to be a pure speed-up can show it cuts the very same batches.
// Run from the repo root: node --conditions=verity-source --import tsx packages/prover/src/sdl/benchSdlCut.ts [vaults] [transfers] [runs]
import { createHash } from 'node:crypto'
import { SlotOpKind, type PlacedSlotOp } from '@verity/ledger'
import { cutSdlBatches } from './sdlBatches.ts'

const vaults = Number(process.argv[2] ?? 100)
const transfers = Number(process.argv[3] ?? 16_000)
const runs = Number(process.argv[4] ?? 3)
if (!(vaults >= 2 && transfers >= 1 && runs >= 1)) throw new RangeError('usage: benchSdlCut.ts [vaults ≥ 2] [transfers ≥ 1] [runs ≥ 1]')

const indexOf = new Map<bigint, number>()
const placed = (key: bigint) => {
  const known = indexOf.get(key)
  if (known !== undefined) return { key, index: known, isNew: false }
  indexOf.set(key, indexOf.size)
  return { key, index: indexOf.size - 1, isNew: true }
}
// Keys stand for slots: 1e6 × kind + vault (the scheduler compares keys only).
const key = (kind: number, vault: number) => BigInt(kind * 1_000_000 + vault + 1)
const ops: PlacedSlotOp[] = []
const nonces = new Array<bigint>(vaults).fill(0n)
const holders = new Set<number>()
for (let t = 0; t < transfers; t++) {
  const sender = t % vaults
  const recipient = (sender + 1 + ((t * 7) % (vaults - 1))) % vaults
  nonces[sender]! += 1n
  ops.push({ kind: SlotOpKind.Nonce, a: nonces[sender]!, b: 0n, ...placed(key(1, sender)) })
  ops.push({ kind: SlotOpKind.Debit, a: 1n, b: 0n, ...placed(key(2, sender)) })
  if (!holders.has(recipient)) holders.add(recipient), ops.push({ kind: SlotOpKind.Role, a: 1n, b: 0n, ...placed(key(3, recipient)) })
  ops.push({ kind: SlotOpKind.Credit, a: 1n, b: 0n, ...placed(key(2, recipient)) })
}

const timesMs: number[] = []
let batches = cutSdlBatches(ops)
for (let run = 0; run < runs; run++) {
  const started = performance.now()
  batches = cutSdlBatches(ops)
  timesMs.push(performance.now() - started)
}
const digest = createHash('sha256').update(JSON.stringify(batches, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))).digest('hex').slice(0, 16)
const median = [...timesMs].sort((x, y) => x - y)[Math.floor(timesMs.length / 2)]!
console.log(`${transfers} transfers among ${vaults} vaults: ${ops.length} slot ops, ${batches.length} batch proofs, cut in ${median.toFixed(0)} ms (median of ${runs} after one unmeasured); batches ${digest}`)
