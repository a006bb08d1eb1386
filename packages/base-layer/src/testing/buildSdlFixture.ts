// Builds the proven SDLs the settlement tests share, the way a domain does: execute signed
// transactions with the ledger, seal the SDL on a state tree, prove it with the real SDL circuit.
// Shard 1: a token mint crediting A, then A debits part of it to B on shard 2 (a cross-shard credit).
// Shard 2: consumes that credit. Real proofs take seconds, so tests build this once.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { decodeBase58, Ed25519Signer, formatAddress } from '@verity/core'
import { applyStateDiffs, executeBatch, jsonValue, MemoryLedger, parseSdlContent, signVerifiable, type SdlContent, type StateDiff } from '@verity/ledger'
import { createCircuitProver, IGNITION_G1_SHA256, PROOF_SYSTEM, loadCircuit, proveSdl, sealSdl, StateTree, type ProofArtifact } from '@verity/prover'

export type ProvenSdl = { content: SdlContent; proofs: ProofArtifact[] }

export type SdlFixture = {
  minter: Ed25519Signer
  alice: Ed25519Signer
  bob: Ed25519Signer
  tokenId: string
  /** the domain-side views after each SDL */
  shard1: MemoryLedger
  shard2: MemoryLedger
  sdl1: ProvenSdl
  /** shard 2's first SDL, consuming the credit of sdl1 */
  sdl2: ProvenSdl
  credit: StateDiff
}

type CachedFixture = { keys: string[]; sdl1: unknown; sdl2: unknown }

/**
 * The fixture, from a cache file in the temp dir when one exists for the same SDL circuit and CRS
 * (proving takes tens of seconds on a busy 2-core machine), else built and cached.
 */
export async function loadSdlFixture(): Promise<SdlFixture> {
  const circuit = await loadCircuit('sdl')
  const path = join(tmpdir(), `verity-base-layer-sdl-fixture-${circuit.circuitHash.slice(0, 16)}-${IGNITION_G1_SHA256.slice(0, 8)}-${PROOF_SYSTEM.replace(/\W/g, '')}.json`)
  if (existsSync(path)) {
    const cached = JSON.parse(readFileSync(path, 'utf8')) as CachedFixture
    const keys = cached.keys.map((key) => Ed25519Signer.fromSecretKey(decodeBase58(key, 'key', 32)))
    return buildSdlFixture(keys, {
      sdl1: { content: parseSdlContent((cached.sdl1 as ProvenSdl).content), proofs: (cached.sdl1 as ProvenSdl).proofs },
      sdl2: { content: parseSdlContent((cached.sdl2 as ProvenSdl).content), proofs: (cached.sdl2 as ProvenSdl).proofs },
    })
  }
  const fixture = await buildSdlFixture([Ed25519Signer.generate(), Ed25519Signer.generate(), Ed25519Signer.generate()])
  const cache: CachedFixture = {
    keys: [fixture.minter, fixture.alice, fixture.bob].map((signer) => signer.secretKeyBase58),
    sdl1: jsonValue(fixture.sdl1),
    sdl2: jsonValue(fixture.sdl2),
  }
  writeFileSync(`${path}.${process.pid}`, JSON.stringify(cache))
  renameSync(`${path}.${process.pid}`, path)
  return fixture
}

export async function buildSdlFixture(keys: Ed25519Signer[], proven?: { sdl1: ProvenSdl; sdl2: ProvenSdl }): Promise<SdlFixture> {
  const [minter, alice, bob] = keys as [Ed25519Signer, Ed25519Signer, Ed25519Signer]
  const tokenId = formatAddress(minter.ownerId, 1)
  const shard1 = new MemoryLedger()
  const mint = signVerifiable(minter, 'FungibleTokenMint', {
    new_nonce: 1n,
    shard: 1,
    operation: { Create: { metadata: { name: 'Fixture token', symbol: 'FIX' }, credited: [{ address: formatAddress(alice.ownerId, 1), amount: 1_000n }] } },
  })
  const debit = signVerifiable(alice, 'DebitAllowance', {
    new_nonce: 1n,
    debited_shard: 1,
    credited: formatAddress(bob.ownerId, 2),
    allowances: { [tokenId]: { Fungible: 300n } },
  })
  const batch = executeBatch(shard1, [mint, debit], 1)
  shard1.commit(batch)
  const credit = batch.outgoingCredits[0]!
  const shard2 = new MemoryLedger()
  shard2.commit({ vaults: applyStateDiffs(shard2, [credit], 2), nonces: new Map() })
  if (proven !== undefined) return { minter, alice, bob, tokenId, shard1, shard2, ...proven, credit }
  const prover = createCircuitProver({ workers: 1 })
  try {
    const tree1 = await StateTree.create()
    const sealed1 = sealSdl(tree1, {
      shard: 1,
      sequence: 1,
      previous_hash: null,
      incoming_credits: { from_cursor: 0, to_cursor: 0, credits: [] },
      transactions: batch.transactions,
    })
    const sdl1 = { content: sealed1.content, proofs: await proveSdl(prover, sealed1.witness) }

    const tree2 = await StateTree.create()
    const sealed2 = sealSdl(tree2, {
      shard: 2,
      sequence: 1,
      previous_hash: null,
      incoming_credits: { from_cursor: 0, to_cursor: 1, credits: [credit] },
      transactions: [],
    })
    const sdl2 = { content: sealed2.content, proofs: await proveSdl(prover, sealed2.witness) }
    return { minter, alice, bob, tokenId, shard1, shard2, sdl1, sdl2, credit }
  } finally {
    await prover.close()
  }
}
