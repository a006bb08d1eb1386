import type { SlotOp } from './sdlSlotOps.ts'
import { LedgerLimitError } from '../errors/ledgerErrors.ts'
import { STATE_SLOTS_MAX } from '../limits.ts'

/** A slot op with its place in the tree: `isNew` when its key had no slot before this op. */
export type PlacedSlotOp = SlotOp & { index: number; isNew: boolean }

/**
 * The shard's key → slot index map. Slots are allocated append-only, in the order keys first
 * appear in the shard's SDLs, so anyone holding the SDLs (the base layer) rebuilds the same map
 * without the values. Persist it as `keys()` (index order) and restore with `fromKeys`.
 */
export class SlotDirectory {
  private readonly indexByKey = new Map<bigint, number>()
  private readonly keyList: bigint[] = []

  static fromKeys(keys: readonly bigint[]): SlotDirectory {
    const directory = new SlotDirectory()
    for (const key of keys) directory.append(key)
    return directory
  }

  get size(): number {
    return this.keyList.length
  }

  indexOf(key: bigint): number | undefined {
    return this.indexByKey.get(key)
  }

  keys(): readonly bigint[] {
    return this.keyList
  }

  /** Places `ops` without changing the directory; new keys get the next free indices in order. */
  plan(ops: readonly SlotOp[]): PlacedSlotOp[] {
    const planned = new Map<bigint, number>()
    return ops.map((op) => {
      const known = this.indexByKey.get(op.key) ?? planned.get(op.key)
      if (known !== undefined) return { ...op, index: known, isNew: false }
      const index = this.keyList.length + planned.size
      if (index >= STATE_SLOTS_MAX) throw new LedgerLimitError({ limit: 'STATE_SLOTS_MAX (slots per shard)', value: index + 1, max: STATE_SLOTS_MAX })
      planned.set(op.key, index)
      return { ...op, index, isNew: true }
    })
  }

  /** Records the new keys of planned ops (after their SDL was accepted). */
  commit(placed: readonly PlacedSlotOp[]): void {
    for (const op of placed) if (op.isNew) this.append(op.key)
  }

  private append(key: bigint): void {
    if (this.indexByKey.has(key)) throw new Error(`slot key ${key} already placed`)
    this.indexByKey.set(key, this.keyList.length)
    this.keyList.push(key)
  }
}
