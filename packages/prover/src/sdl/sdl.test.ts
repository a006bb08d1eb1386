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
import { cutSdlBatches } from './sdlBatches.ts'
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

type Inputs = Record<string, unknown> & { leaves: Record<string, string>[]; ops: Record<string, string>[]; old_values: string[] }

/** Recomputes ops_hash over changed inputs, as a cheating prover would (the packing of circuits/sdl/src/main.nr). */
async function rehash(inputs: Inputs): Promise<SdlWitness['batches'][0]['inputs']> {
  const poseidon = await loadPoseidon2()
  const preimage = [inputs.sdl_hash_hi, inputs.sdl_hash_lo, inputs.batch_index].map((x) => BigInt(x as string))
  for (const leaf of inputs.leaves) preimage.push(BigInt(leaf.index!) + BigInt(leaf.is_new!) * 2n ** 20n + BigInt(leaf.active!) * 2n ** 21n, BigInt(leaf.key!))
  for (const op of inputs.ops) preimage.push(BigInt(op.kind!) + BigInt(op.leaf!) * 8n, BigInt(op.a!), BigInt(op.b!))
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
    // 12 operations on more slots than one batch proof takes (SDL_LEAVES_PER_PROOF): several batch proofs, chained by their roots.
    assert.ok(witness.batches.length > 1, `ops: ${witness.opCount}`)
    for (const batch of witness.batches) assert.ok(batch.leafCount <= limits.SDL_LEAVES_PER_PROOF && batch.opCount <= limits.SDL_OPS_PER_PROOF)
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
    const transfers = Array.from({ length: limits.SDL_LEAVES_PER_PROOF }, (_, i) =>
      debit(alice, BigInt(i + 2), addressOf(Ed25519Signer.generate()), { native: { Fungible: 1n } }))
    const second = sealSdl(tree, draftOf(ledger, transfers, 2, first.witness.sdlHash))
    assert.ok(second.witness.batches.length >= 2)
    for (let i = 1; i < second.witness.batches.length; i++)
      assert.equal(second.witness.batches[i]!.rootBefore, second.witness.batches[i - 1]!.rootAfter)
    for (const batch of second.witness.batches) assert.deepEqual(await prover.executeCircuit(SDL_CIRCUIT, batch.inputs), { satisfied: true })

    const restored = await StateTree.fromSnapshot(JSON.parse(JSON.stringify(tree.snapshot())))
    assert.equal(restored.rootHex, tree.rootHex)
    const replay = await StateTree.create()
    buildSdlWitness(replay, first.content)
    buildSdlWitness(replay, second.content)
    assert.equal(replay.rootHex, second.content.root_after)
  })
  test('a wrong old value, a leaf moved to another slot or a broken path does not satisfy the circuit', async () => {
    const ledger = new MemoryLedger()
    const tree = await StateTree.create()
    const first = sealSdl(tree, draftOf(ledger, [debit(alice, 1n, B, { native: { Fungible: 1n } })]))
    const { witness } = sealSdl(tree, draftOf(ledger, [debit(alice, 2n, B, { native: { Fungible: 2n } })], 2, first.witness.sdlHash))
    const honest = witness.batches[0]!.inputs as Inputs
    const run = (inputs: Inputs) => prover.executeCircuit(SDL_CIRCUIT, inputs as unknown as SdlWitness['batches'][0]['inputs'])
    assert.deepEqual(await run(honest), { satisfied: true })
    const existing = honest.leaves.findIndex((leaf) => BigInt(leaf.is_new!) === 0n && BigInt(leaf.active!) === 1n)
    assert.ok(existing >= 0)

    const richer = structuredClone(honest)
    richer.old_values[existing] = fieldHex(BigInt(richer.old_values[existing]!) + 1_000n)
    assert.equal((await run(richer)).satisfied, false)

    const moved = structuredClone(honest)
    moved.leaves[existing]!.index = fieldHex(BigInt(moved.leaves[existing]!.index!) + 1n)
    assert.equal((await prover.executeCircuit(SDL_CIRCUIT, await rehash(moved))).satisfied, false)

    const broken = structuredClone(honest) as Inputs & { paths: string[][] }
    broken.paths[existing]![3] = fieldHex(7n)
    assert.equal((await run(broken)).satisfied, false)
  })
})

describe('SDL batches', () => {
  const op = (key: bigint, index: number, isNew = false): PlacedSlotOp => ({ kind: SlotOpKind.Credit, key, a: 1n, b: 0n, index, isNew })

  test('operations on one slot share its leaf; a batch closes at SDL_OPS_PER_PROOF operations', () => {
    const ops = Array.from({ length: limits.SDL_OPS_PER_PROOF + 1 }, (_, i) => op(BigInt(i % 2), i % 2, i < 2))
    const batches = cutSdlBatches(ops)
    assert.equal(batches.length, 2)
    assert.equal(batches[0]!.ops.length, limits.SDL_OPS_PER_PROOF)
    assert.deepEqual(batches[0]!.leaves, [{ index: 0, key: 0n, isNew: true }, { index: 1, key: 1n, isNew: true }])
    assert.deepEqual(batches[0]!.leafOfOp.slice(0, 4), [0, 1, 0, 1])
    // The slot allocated in batch 0 already exists in batch 1.
    assert.deepEqual(batches[1]!.leaves, [{ index: 0, key: 0n, isNew: false }])
  })

  test('a batch closes before a slot one more than SDL_LEAVES_PER_PROOF; an SDL without operations is one empty batch', () => {
    const ops = Array.from({ length: limits.SDL_LEAVES_PER_PROOF + 1 }, (_, i) => op(BigInt(i), i, true))
    ops.splice(1, 0, op(0n, 0))
    const batches = cutSdlBatches(ops)
    assert.deepEqual(batches.map((batch) => [batch.ops.length, batch.leaves.length]), [[limits.SDL_LEAVES_PER_PROOF + 1, limits.SDL_LEAVES_PER_PROOF], [1, 1]])
    assert.deepEqual(cutSdlBatches([]), [{ ops: [], leaves: [], leafOfOp: [] }])
  })
})
