import { describe, test, after } from 'node:test'
import assert from 'node:assert/strict'
import { Ed25519Signer } from '@verity/core'
import { applyIncomingCredits, executeBatch, limits, MemoryLedger, SlotOpKind, type PlacedSlotOp, type StateDiff, sdlHash, sdlSlotOps, SlotDirectory, type SdlContent, type VerifiableType } from '@verity/ledger'
import { addressOf, createFungible, createNfts, debit, nft, TEST_SHARD } from '../../../ledger/src/testing/shardFixture.ts'
import { createCircuitProver } from '../createCircuitProver.ts'
import { StateTree } from './StateTree.ts'
import { sealSdl, buildSdlWitness, type SdlDraft, type SdlWitness } from './buildSdlWitness.ts'
import { proveSdl, SDL_CIRCUIT } from './proveSdl.ts'
import { verifySdl } from './verifySdl.ts'
import { fieldHex, loadPoseidon2 } from '../hash/poseidon2.ts'
import { cutSdlBatches, type SdlBatch } from './sdlBatches.ts'
import { chainedState } from './chainedState.ts'
import { SdlRuleError } from './sdlErrors.ts'

const alice = Ed25519Signer.generate()
const bob = Ed25519Signer.generate()
const issuer = Ed25519Signer.generate()
const A = addressOf(alice)
const B = addressOf(bob)
const M = addressOf(issuer)
const prover = createCircuitProver({ workers: 1 })
after(() => prover.close())

/** Executes `verifiables` on `ledger` and drafts the SDL of their transactions. */
function draftOf(ledger: MemoryLedger, verifiables: VerifiableType[], sequence = 1, previous: string | null = null): SdlDraft {
  // 100 native tokens arrive from another shard, then the batch runs.
  const credits: StateDiff[] = [{ address: A, operation: { TokenDiffs: { native: { Fungible: 100n } } } }]
  ledger.commit({ vaults: applyIncomingCredits(ledger, credits, TEST_SHARD), nonces: new Map() })
  const result = executeBatch(ledger, verifiables, TEST_SHARD)
  ledger.commit(result)
  return {
    shard: TEST_SHARD,
    sequence,
    previous_hash: previous,
    incoming_credits: { from_cursor: sequence - 1, to_cursor: sequence, credits },
    transactions: result.transactions,
  }
}

type Inputs = Record<string, unknown> & {
  slots: Record<string, string>[]
  units: { slot: string; active: string; old_value: string; path: string[] }[]
  ops: Record<string, string>[]
  cached_in: string[]
  tree_in: string[]
}

/** Recomputes ops_hash over changed inputs, as a cheating prover would (the packing of circuits/sdl/src/main.nr). */
async function rehash(inputs: Inputs): Promise<SdlWitness['batches'][0]['inputs']> {
  const poseidon = await loadPoseidon2()
  const preimage = [inputs.sdl_hash_hi, inputs.sdl_hash_lo, inputs.batch_index].map((x) => BigInt(x as string))
  const flag = (slot: Record<string, string>, name: string, shift: bigint) => BigInt(slot[name]!) * 2n ** shift
  for (const slot of inputs.slots)
    preimage.push(BigInt(slot.index!) + flag(slot, 'is_new', 20n) + flag(slot, 'active', 21n) + flag(slot, 'from_cache', 22n) + flag(slot, 'to_cache', 23n), BigInt(slot.key!))
  preimage.push(inputs.units.reduce((word, unit, u) => word + (BigInt(unit.slot) + BigInt(unit.active) * 32n) * 64n ** BigInt(u), 0n))
  for (const op of inputs.ops) preimage.push(BigInt(op.kind!) + BigInt(op.slot!) * 8n, BigInt(op.a!), BigInt(op.b!))
  inputs.ops_hash = fieldHex(poseidon.hash(preimage))
  return inputs as SdlWitness['batches'][0]['inputs']
}

/** Replaces the SDL's op `opIndex` (in whichever batch holds it) with `change` and recomputes that batch's ops_hash. */
async function tamper(witness: SdlWitness, opIndex: number, change: Partial<Record<'kind' | 'a' | 'b', bigint>>) {
  let index = opIndex
  const batch = witness.batches.find((candidate) => (index < candidate.opCount ? true : ((index -= candidate.opCount), false)))!
  const inputs = structuredClone(batch.inputs) as Inputs
  for (const [field, value] of Object.entries(change)) inputs.ops[index]![field] = fieldHex(value)
  return rehash(inputs)
}

function opIndexOf(content: SdlContent, predicate: (op: ReturnType<typeof sdlSlotOps>[number]) => boolean): number {
  const index = sdlSlotOps(content).findIndex(predicate)
  assert.ok(index >= 0)
  return index
}

describe('SDL circuit', () => {
  test('a valid SDL proves and verifies; altered public inputs and a wrong root do not verify', async () => {
    const ledger = new MemoryLedger()
    const tree = await StateTree.create()
    const emptyRoot = tree.rootHex
    const replica = new SlotDirectory()
    const draft = draftOf(ledger, [
      createFungible(issuer, 1n, [{ address: A, amount: 50n }]),
      debit(alice, 1n, B, { native: { Fungible: 30n }, [M]: { Fungible: 20n } }),
    ])
    const { content, witness } = sealSdl(tree, draft)
    assert.equal(content.root_before, emptyRoot)
    // 12 operations on more slots than one batch proof reads from the tree (SDL_PATHS_PER_PROOF): several batch proofs, chained by their states.
    assert.ok(witness.batches.length > 1, `ops: ${witness.opCount}`)
    for (const batch of witness.batches)
      assert.ok(batch.slotCount <= limits.SDL_SLOTS_PER_PROOF && batch.pathCount <= limits.SDL_PATHS_PER_PROOF && batch.opCount <= limits.SDL_OPS_PER_PROOF)
    assert.equal(witness.sdlHash, sdlHash(content))

    const artifacts = await proveSdl(prover, witness)
    assert.equal(artifacts.length, witness.batches.length)
    assert.equal(artifacts.at(-1)!.public_inputs[5], content.root_after)
    assert.deepEqual(await verifySdl(prover, { artifacts, content, root_before_expected: emptyRoot, directory: replica }), { ok: true })

    // The proof itself binds its public inputs: a changed root_after does not verify.
    const altered = structuredClone(artifacts)
    altered[0]!.public_inputs[5] = fieldHex(123n)
    assert.equal((await prover.verifyCircuit(SDL_CIRCUIT, altered[0]!)).ok, false)
    const badRoot = await verifySdl(prover, { artifacts: altered, content: { ...content, root_after: fieldHex(123n) }, root_before_expected: emptyRoot, directory: replica })
    assert.equal(badRoot.ok, false)
    const otherContent = { ...content, sequence: 2 }
    assert.equal((await verifySdl(prover, { artifacts, content: otherContent, root_before_expected: emptyRoot, directory: replica })).ok, false)
    assert.equal((await verifySdl(prover, { artifacts, content, root_before_expected: fieldHex(1n), directory: replica })).ok, false)
  })

  test('an overdraft, a skipped nonce and a forged mint cannot produce a witness', async () => {
    const ledger = new MemoryLedger()
    const tree = await StateTree.create()
    const draft = draftOf(ledger, [
      createNfts(issuer, 1n, [{ address: A, nfts: [nft(1n)] }]),
      debit(alice, 1n, B, { native: { Fungible: 30n } }),
    ])
    const { content, witness } = sealSdl(tree, draft)
    for (const batch of witness.batches) assert.deepEqual(await prover.executeCircuit(SDL_CIRCUIT, batch.inputs), { satisfied: true })

    const debitIndex = opIndexOf(content, (op) => op.kind === 2)
    const overdraft = await prover.executeCircuit(SDL_CIRCUIT, await tamper(witness, debitIndex, { a: 101n }))
    assert.equal(overdraft.satisfied, false)

    const nonceIndex = opIndexOf(content, (op) => op.kind === 3 && op.a === 1n)
    const skipped = await prover.executeCircuit(SDL_CIRCUIT, await tamper(witness, nonceIndex, { a: 2n }))
    assert.equal(skipped.satisfied, false)

    // Forged mint: claim the collection already existed (IncreaseSupply: role must be NftMint), or create it with no supply.
    const roleIndex = opIndexOf(content, (op) => op.kind === 4 && op.b === 3n)
    assert.equal((await prover.executeCircuit(SDL_CIRCUIT, await tamper(witness, roleIndex, { a: 3n }))).satisfied, false)
    const supplyIndex = opIndexOf(content, (op) => op.kind === 1 && op.b === 1n)
    assert.equal((await prover.executeCircuit(SDL_CIRCUIT, await tamper(witness, supplyIndex, { a: 0n }))).satisfied, false)
  })

  test('host rules refuse an unlawful SDL before proving and leave the tree unchanged', async () => {
    const tree = await StateTree.create()
    const draft: SdlDraft = {
      shard: TEST_SHARD,
      sequence: 1,
      previous_hash: null,
      incoming_credits: { from_cursor: 0, to_cursor: 0, credits: [] },
      transactions: [
        {
          verifiable: debit(alice, 1n, B, { native: { Fungible: 5n } }),
          state_diffs: [
            { address: A, operation: { TokenDiffs: { native: { Fungible: -5n } } } },
            { address: B, operation: { TokenDiffs: { native: { Fungible: 5n } } } },
          ],
        },
      ],
    }
    const root = tree.rootHex
    assert.throws(() => sealSdl(tree, draft), SdlRuleError)
    assert.equal(tree.rootHex, root)
    assert.equal(tree.directory.size, 0)
  })

  test('a chain of SDLs: snapshot and replay give the same roots; multi-batch SDLs chain', async () => {
    const ledger = new MemoryLedger()
    const tree = await StateTree.create()
    const first = sealSdl(tree, draftOf(ledger, [debit(alice, 1n, B, { native: { Fungible: 1n } })]))
    // More distinct slots than one proof holds: the SDL needs a second batch.
    const transfers = Array.from({ length: limits.SDL_PATHS_PER_PROOF }, (_, i) =>
      debit(alice, BigInt(i + 2), addressOf(Ed25519Signer.generate()), { native: { Fungible: 1n } }))
    const second = sealSdl(tree, draftOf(ledger, transfers, 2, first.witness.sdlHash))
    assert.ok(second.witness.batches.length >= 2)
    for (let i = 1; i < second.witness.batches.length; i++)
      assert.equal(second.witness.batches[i]!.stateBefore, second.witness.batches[i - 1]!.stateAfter)
    // The first batch starts at the shard's root and the last ends at the new root: the cache is empty at both ends.
    assert.equal(fieldHex(second.witness.batches[0]!.stateBefore), first.content.root_after)
    assert.equal(fieldHex(second.witness.batches.at(-1)!.stateAfter), second.content.root_after)
    for (const batch of second.witness.batches) assert.deepEqual(await prover.executeCircuit(SDL_CIRCUIT, batch.inputs), { satisfied: true })

    const restored = await StateTree.fromSnapshot(JSON.parse(JSON.stringify(tree.snapshot())))
    assert.equal(restored.rootHex, tree.rootHex)
    const replay = await StateTree.create()
    buildSdlWitness(replay, first.content)
    buildSdlWitness(replay, second.content)
    assert.equal(replay.rootHex, second.content.root_after)
  })
  test('a wrong tree value, a slot moved to another index or a broken path does not satisfy the circuit', async () => {
    const ledger = new MemoryLedger()
    const tree = await StateTree.create()
    const first = sealSdl(tree, draftOf(ledger, [debit(alice, 1n, B, { native: { Fungible: 1n } })]))
    const { witness } = sealSdl(tree, draftOf(ledger, [debit(alice, 2n, B, { native: { Fungible: 2n } })], 2, first.witness.sdlHash))
    const honest = witness.batches[0]!.inputs as Inputs
    const run = (inputs: Inputs) => prover.executeCircuit(SDL_CIRCUIT, inputs as unknown as SdlWitness['batches'][0]['inputs'])
    assert.deepEqual(await run(honest), { satisfied: true })
    // A unit serving a slot that exists in the tree and is read from it.
    const unit = honest.units.findIndex((candidate) => {
      const slot = honest.slots[Number(candidate.slot)]!
      return candidate.active === fieldHex(1n) && BigInt(slot.is_new!) === 0n && BigInt(slot.from_cache!) === 0n
    })
    assert.ok(unit >= 0)
    const position = Number(honest.units[unit]!.slot)

    const richer = structuredClone(honest)
    richer.tree_in[position] = fieldHex(BigInt(richer.tree_in[position]!) + 1_000n)
    assert.equal((await run(richer)).satisfied, false)
    richer.units[unit]!.old_value = richer.tree_in[position]!
    assert.equal((await run(richer)).satisfied, false)

    const moved = structuredClone(honest)
    moved.slots[position]!.index = fieldHex(BigInt(moved.slots[position]!.index!) + 1n)
    assert.equal((await prover.executeCircuit(SDL_CIRCUIT, await rehash(moved))).satisfied, false)

    const broken = structuredClone(honest)
    broken.units[unit]!.path[3] = fieldHex(7n)
    assert.equal((await run(broken)).satisfied, false)

    // Dropping the unit (the slot would then skip the tree): the plan no longer gives the slot a path.
    const skipped = structuredClone(honest)
    skipped.units[unit] = { slot: fieldHex(0n), active: fieldHex(0n), old_value: fieldHex(0n), path: skipped.units[unit]!.path.map(() => fieldHex(0n)) }
    assert.equal((await prover.executeCircuit(SDL_CIRCUIT, await rehash(skipped))).satisfied, false)
  })

  test('the batch cache: a carried value cannot change between batch proofs, and the chain of states catches a consistent forgery', async () => {
    const ledger = new MemoryLedger()
    const tree = await StateTree.create()
    const root = tree.rootHex
    const vaults = [alice, bob, issuer]
    const funding: StateDiff[] = vaults.map((vault) => ({ address: addressOf(vault), operation: { TokenDiffs: { native: { Fungible: 100n } } } }))
    ledger.commit({ vaults: applyIncomingCredits(ledger, funding, TEST_SHARD), nonces: new Map() })
    // A ring of transfers among three vaults: 6 slots, more operations than one batch proof runs.
    const transfers = Array.from({ length: 100 }, (_, i) => debit(vaults[i % 3]!, BigInt(Math.floor(i / 3) + 1), addressOf(vaults[(i + 1) % 3]!), { native: { Fungible: 1n } }))
    const result = executeBatch(ledger, transfers, TEST_SHARD)
    const { content, witness } = sealSdl(tree, {
      shard: TEST_SHARD,
      sequence: 1,
      previous_hash: null,
      incoming_credits: { from_cursor: 0, to_cursor: 1, credits: funding },
      transactions: result.transactions,
    })
    // After the first batch (which reads the slots), a batch runs on cached slots only: no Merkle path.
    const cachedOnly = witness.batches.findIndex((batch) => batch.pathCount === 0 && batch.opCount > 0)
    assert.ok(cachedOnly > 0, witness.batches.map((batch) => `${batch.opCount}/${batch.slotCount}/${batch.pathCount}`).join(' '))
    const honest = witness.batches[cachedOnly]!.inputs as Inputs
    const carried = honest.slots.findIndex((slot) => slot.from_cache === fieldHex(1n))
    const richer = structuredClone(honest)
    richer.cached_in[carried] = fieldHex(BigInt(richer.cached_in[carried]!) + 1_000n)
    assert.equal((await prover.executeCircuit(SDL_CIRCUIT, richer as unknown as SdlWitness['batches'][0]['inputs'])).satisfied, false)

    // A prover that also rewrites the batch's public state_before proves a valid batch proof of the
    // wrong chain: the verifier's chain from the previous batch's state refuses it.
    const poseidon = await loadPoseidon2()
    const cacheUsed = richer.slots.some((slot) => slot.from_cache === fieldHex(1n))
    richer.state_before = fieldHex(chainedState(poseidon, BigInt(richer.root_before as string), richer.cached_in.map(BigInt), cacheUsed))
    const artifacts = await proveSdl(prover, witness)
    assert.deepEqual(await verifySdl(prover, { artifacts, content, root_before_expected: root, directory: new SlotDirectory() }), { ok: true })
    artifacts[cachedOnly] = await prover.proveCircuit(SDL_CIRCUIT, richer as unknown as SdlWitness['batches'][0]['inputs'])
    const forged = await verifySdl(prover, { artifacts, content, root_before_expected: root, directory: new SlotDirectory() })
    assert.equal(forged.ok, false)
    assert.match(forged.ok ? '' : forged.reason, new RegExp(`batch ${cachedOnly}: public inputs do not match`))
  })
})

describe('SDL batches', () => {
  const op = (key: bigint, index: number, isNew = false, kind: PlacedSlotOp['kind'] = SlotOpKind.Credit): PlacedSlotOp => ({ kind, key, a: 1n, b: 0n, index, isNew })
  /** Places keys in order of first use, as SlotDirectory.plan does for an empty shard. */
  const placed = (keys: readonly number[]): PlacedSlotOp[] => {
    const seen = new Set<number>()
    return keys.map((key) => {
      const isNew = !seen.has(key)
      seen.add(key)
      return op(BigInt(key), key, isNew)
    })
  }
  const SLOTS = limits.SDL_SLOTS_PER_PROOF
  const PATHS = limits.SDL_PATHS_PER_PROOF

  /** Every rule a verifier's plan must keep (circuits/sdl/src/main.nr), checked over a whole SDL. */
  /**
   * Each slot sees its operations in SDL order, but for runs of credits, which may come in another
   * order (they commute): per slot, the non-credit operations and the runs between them match.
   */
  function assertSlotOrders(ops: readonly PlacedSlotOp[], scheduled: readonly PlacedSlotOp[]): void {
    assert.equal(scheduled.length, ops.length)
    const runs = (list: readonly PlacedSlotOp[], key: bigint) => {
      const out: string[] = []
      let credits: string[] = []
      for (const o of list.filter((x) => x.key === key)) {
        if (o.kind === SlotOpKind.Credit) credits.push(`${o.a}/${o.b}`)
        else out.push(credits.sort().join(','), `${o.kind}:${o.a}/${o.b}`), (credits = [])
      }
      return [...out, credits.sort().join(',')]
    }
    for (const key of new Set(ops.map((o) => o.key))) assert.deepEqual(runs(scheduled, key), runs(ops, key), `slot ${key}`)
  }

  function assertPlanSound(ops: readonly PlacedSlotOp[], batches: readonly SdlBatch[]): void {
    assertSlotOrders(ops, batches.flatMap((batch) => batch.ops))
    const written = new Set<bigint>()
    batches.forEach((batch, b) => {
      assert.equal(batch.slots.length, SLOTS)
      assert.ok(batch.ops.length <= limits.SDL_OPS_PER_PROOF && batch.units.length <= PATHS, `batch ${b}`)
      batch.ops.forEach((op, i) => assert.equal(batch.slots[batch.slotOfOp[i]!]?.key, op.key))
      const needing = batch.slots.flatMap((slot, position) => (slot && !(slot.fromCache && slot.toCache) ? [position] : []))
      assert.deepEqual(batch.units, needing)
      batch.slots.forEach((slot, position) => {
        if (slot === undefined) return
        // A slot from the cache sat at the same position, kept, in the batch before.
        if (slot.fromCache) assert.ok(batches[b - 1]?.slots[position]?.key === slot.key && batches[b - 1]!.slots[position]!.toCache, `batch ${b} position ${position}`)
        else assert.ok(!batch.slots.some((other, at) => at !== position && other?.key === slot.key))
        assert.equal(slot.isNew, ops.some((o) => o.key === slot.key && o.isNew) && !written.has(slot.key))
      })
      for (const slot of batch.slots) if (slot && !slot.toCache) written.add(slot.key)
      if (b + 1 < batches.length) batch.slots.forEach((slot, position) => slot?.toCache && assert.equal(batches[b + 1]!.slots[position]?.fromCache, true))
    })
    // The SDL ends with an empty cache, and every slot it touched is in the tree.
    assert.ok(batches.at(-1)!.slots.every((slot) => !slot?.toCache))
    for (const o of ops) assert.ok(written.has(o.key))
  }

  test('operations on one slot share its position; the cache carries it to the next batch at the same position', () => {
    const ops = placed(Array.from({ length: limits.SDL_OPS_PER_PROOF + 1 }, (_, i) => i % 2))
    const batches = cutSdlBatches(ops)
    assertPlanSound(ops, batches)
    assert.equal(batches.length, 2)
    assert.equal(batches[0]!.ops.length, limits.SDL_OPS_PER_PROOF)
    // Both read from the tree (two paths); slot 0, used again, stays in the cache; slot 1 is written.
    assert.deepEqual(batches[0]!.slots.slice(0, 3), [
      { index: 0, key: 0n, isNew: true, fromCache: false, toCache: true },
      { index: 1, key: 1n, isNew: true, fromCache: false, toCache: false },
      undefined,
    ])
    assert.deepEqual(batches[0]!.slotOfOp.slice(0, 4), [0, 1, 0, 1])
    // Batch 1 runs the last operation on slot 0, from the cache at the same position, and writes it to the (still empty) leaf.
    assert.deepEqual(batches[1]!.slots.slice(0, 2), [{ index: 0, key: 0n, isNew: true, fromCache: true, toCache: false }, undefined])
    assert.deepEqual(batches[1]!.units, [0])
  })

  test('a batch reads at most SDL_PATHS_PER_PROOF slots from the tree; an SDL without operations is one empty batch', () => {
    const ops = placed(Array.from({ length: PATHS + 1 }, (_, i) => i))
    const batches = cutSdlBatches(ops)
    assertPlanSound(ops, batches)
    assert.deepEqual(batches.map((batch) => [batch.ops.length, batch.units.length]), [[PATHS, PATHS], [1, 1]])
    assert.deepEqual(cutSdlBatches([]), [{ ops: [], slots: new Array(SLOTS).fill(undefined), slotOfOp: [], units: [] }])
  })

  test('a hot set that fits the cache pays its paths once; one that does not still ends with every slot written', () => {
    const ring = placed(Array.from({ length: 20 * limits.SDL_OPS_PER_PROOF }, (_, i) => i % 12))
    const ringBatches = cutSdlBatches(ring)
    assertPlanSound(ring, ringBatches)
    assert.equal(ringBatches.reduce((sum, batch) => sum + batch.units.length, 0), 24, '12 reads and 12 writes')
    assert.ok(ringBatches.length <= 20 + 6, `${ringBatches.length} batches`)

    // Larger than the cache, in several orders (a fixed pseudo-random sequence among them).
    let seed = 7
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed)
    for (const keys of [
      Array.from({ length: 400 }, (_, i) => i % 40),
      Array.from({ length: 400 }, () => random() % 40),
      Array.from({ length: 400 }, (_, i) => (i % 2 === 0 ? 0 : 1 + (i % 37))),
      Array.from({ length: 200 }, (_, i) => i),
    ]) {
      const ops = placed(keys)
      assertPlanSound(ops, cutSdlBatches(ops))
    }
  })

  test("a slot's operations keep their order but for runs of credits; other slots' later operations may run first", () => {
    // 8 senders (a nonce and a debit each) pay one receiver (a credit) in turn: 3 slot operations per transfer.
    const keys: { key: number; kind: PlacedSlotOp['kind'] }[] = []
    for (let t = 0; t < 400; t++) keys.push({ key: 2 * (t % 8), kind: SlotOpKind.Nonce }, { key: 2 * (t % 8) + 1, kind: SlotOpKind.Debit }, { key: 16, kind: SlotOpKind.Credit })
    const ops = keys.map(({ key, kind }, i) => ({ ...op(BigInt(key), key, false, kind), a: BigInt(i) }))
    const batches = cutSdlBatches(ops)
    assertPlanSound(ops, batches)
    // 1,200 operations at 72 a batch is 17 batches; 17 slots read and written at 4 paths a batch: a few more.
    assert.ok(batches.length <= 21, `${batches.length} batches`)
    // A debit never runs before the credits that came before it on its slot, nor a credit before an earlier debit.
    const mixed = [op(1n, 1, true), op(1n, 1), op(1n, 1, false, SlotOpKind.Debit), op(2n, 2, true), op(1n, 1), op(1n, 1, false, SlotOpKind.Debit)].map((o, i) => ({ ...o, a: BigInt(i) }))
    const scheduled = cutSdlBatches(mixed).flatMap((batch) => batch.ops)
    assertSlotOrders(mixed, scheduled)
    const onSlot1 = scheduled.filter((o) => o.key === 1n).map((o) => o.a)
    assert.deepEqual(onSlot1.slice(2), [2n, 4n, 5n])
  })
})
