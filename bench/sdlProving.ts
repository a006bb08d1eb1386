// Domain: SDL proving throughput and the largest SDLs that settle. For 1 and then 2 prover workers
// (one bb.js thread each, so 2 workers use both cores), a domain proves an SDL of
// `sdlRateTransfers` transfers (POST /sdls/{hash}/prove until the state is Proven) and the
// embedded base layer verifies and applies it (POST /sdls/{hash}/submit_proof, which checks the
// content and verifies every batch proof). The full run then proves and settles, with 2 workers,
// the large SDLs of `sdlLargeTransfers` transfers and a mint of `sdlLargeNfts` NFTs.
// The setup SDL (the mint that funds the senders) is proven and settled first, unmeasured.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Ed25519Signer, formatAddress, stringifyJsonBigint } from '@verity/core'
import { jsonValue, limits as ledgerLimits, signVerifiable } from '@verity/ledger'
import { SqliteDomainStore } from '@verity/domain'
import type { SdlWitness } from '@verity/prover'
import { createHttpClient, type HttpClient } from './lib/httpClient.ts'
import { startChild } from './lib/startChild.ts'
import { nowMs, pollUntil } from './lib/stats.ts'
import { processCpuMs } from './lib/processStats.ts'
import { asBatchBody, fundSenders, type SignedJson } from './lib/transferBook.ts'
import { BENCH_SHARD, type BenchSettings } from './lib/benchSettings.ts'

export type SdlMeasurement = {
  /** what the SDL holds: `transfers` transfers, or a mint of `nfts` NFTs */
  kind: 'transfers' | 'nfts'
  transfers: number
  nfts?: number
  /** prover workers of the domain (one bb.js thread each) */
  workers: number
  slotOps: number
  /** Merkle paths summed over the batches (a slot read from or written to the state tree; cached slots take none) */
  paths: number
  proofs: number
  proveMs: number
  /** CPU time of the domain process (all threads) while proving: rate per core-second, steadier than wall time on a shared machine */
  proveCpuMs?: number
  /** submit_proof round trip: the base layer's content checks, proof verifications and apply. */
  settleMs: number
}

export type SdlProvingResult = { quick: boolean; opsPerProof: number; slotsPerProof: number; pathsPerProof: number; sdls: SdlMeasurement[]; errors: string[] }

/** Senders of the SDL domain: few, so the setup SDL is one proof, as a hot wallet's or an exchange's transfers are. */
const SENDERS = 4
const PROVE_WAIT_MS = 3_600_000
/** NFTs per mint transaction (the ledger's MINT_NFTS_MAX), credited to one vault each. */
const NFTS_PER_MINT = ledgerLimits.MINT_NFTS_MAX

export async function measureSdlProving(settings: BenchSettings): Promise<SdlProvingResult> {
  const result: SdlProvingResult = { quick: settings.quick, opsPerProof: ledgerLimits.SDL_OPS_PER_PROOF, slotsPerProof: ledgerLimits.SDL_SLOTS_PER_PROOF, pathsPerProof: ledgerLimits.SDL_PATHS_PER_PROOF, sdls: [], errors: [] }
  for (const workers of [1, 2]) {
    const isLast = workers === 2
    const large = isLast ? { transfers: settings.sdlLargeTransfers, nfts: settings.sdlLargeNfts } : { transfers: 0, nfts: 0 }
    result.sdls.push(...(await measureDomain(workers, settings.sdlRateTransfers, large, result.errors)))
  }
  return result
}

type Timed = { kind: 'transfers' | 'nfts'; count: number; hash: string; proveMs: number; proveCpuMs?: number; settleMs: number }
type Outcome = { proveMs: number; proveCpuMs?: number; settleMs: number }

async function measureDomain(workers: number, rateTransfers: number, large: { transfers: number; nfts: number }, errors: string[]): Promise<SdlMeasurement[]> {
  const dir = mkdtempSync(join(tmpdir(), 'verity-bench-sdl-'))
  const domain = startChild('services/domainService.ts', [dir, String(workers)])
  try {
    const { url, storePath } = await domain.receive<{ type: string; url: string; storePath: string }>('ready', 120_000)
    const client = createHttpClient(url, 4)
    const timed: Timed[] = []
    try {
      const book = await fundSenders(client, SENDERS, 10n ** 9n)
      await settle(client, await cutSdl(client), domain.process.pid)
      // A warm-up SDL of as many batches as workers (unmeasured): each worker loads bb.js, the CRS
      // and the circuit's keys once, as a running domain's workers have long done.
      if (workers > 1) {
        await execute(client, book.signTransfers(rateTransfers).map((transfer) => transfer.json))
        await settle(client, await cutSdl(client), domain.process.pid)
      }
      const sizes = [rateTransfers, ...(large.transfers > 0 ? [large.transfers] : [])]
      for (const transfers of sizes) {
        await execute(client, book.signTransfers(transfers).map((transfer) => transfer.json))
        const hash = await cutSdl(client)
        const outcome = await settle(client, hash, domain.process.pid).catch((error: Error) => errors.push(`SDL of ${transfers} transfers, ${workers} workers: ${error.message}`))
        if (typeof outcome === 'object') timed.push({ kind: 'transfers', count: transfers, hash, ...outcome })
      }
      if (large.nfts > 0) {
        await execute(client, nftMints(large.nfts))
        const hash = await cutSdl(client)
        const outcome = await settle(client, hash, domain.process.pid).catch((error: Error) => errors.push(`mint of ${large.nfts} NFTs: ${error.message}`))
        if (typeof outcome === 'object') timed.push({ kind: 'nfts', count: large.nfts, hash, ...outcome })
      }
    } finally {
      client.close()
    }
    await domain.stop()
    return await withWitnessSizes(storePath, workers, timed)
  } finally {
    await domain.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

async function execute(client: HttpClient, signed: readonly SignedJson[]): Promise<void> {
  for (let start = 0; start < signed.length; start += ledgerLimits.BATCH_LENGTH_MAX)
    await client.postJson('/intents/execute', asBatchBody(signed.slice(start, start + ledgerLimits.BATCH_LENGTH_MAX)))
}

/** One new collection, minted NFTS_PER_MINT at a time (Create, then IncreaseSupply), each mint to a new vault. */
function nftMints(count: number): SignedJson[] {
  const issuer = Ed25519Signer.generate()
  const mints: SignedJson[] = []
  for (let first = 0; first < count; first += NFTS_PER_MINT) {
    const holder = formatAddress(Ed25519Signer.generate().ownerId, BENCH_SHARD)
    const nfts = Array.from({ length: Math.min(NFTS_PER_MINT, count - first) }, (_, i) => ({ id: BigInt(first + i + 1), metadata: { name: `bench ${first + i + 1}`, description: 'bench nft' } }))
    const credited = [{ address: holder, nfts }]
    const operation = first === 0 ? { Create: { collection: { name: 'Bench NFTs', description: 'bench collection' }, credited } } : { IncreaseSupply: { credited } }
    const mint = signVerifiable(issuer, 'NftMint', { new_nonce: BigInt(mints.length + 1), shard: BENCH_SHARD, operation })
    mints.push(stringifyJsonBigint(jsonValue(mint)))
  }
  return mints
}

async function cutSdl(client: HttpClient): Promise<string> {
  const hash = await client.postJson<string | null>('/sdls/submit')
  if (hash === null) throw new Error('POST /sdls/submit: nothing was pending')
  return hash
}

/** Proves the SDL (timed until Proven), then submits its proof to the base layer (timed). */
async function settle(client: HttpClient, hash: string, pid: number | undefined): Promise<Outcome> {
  const proveStartMs = nowMs()
  const cpuBeforeMs = processCpuMs(pid)
  await client.request('POST', `/sdls/${hash}/prove`)
  await pollUntil(
    async () => {
      const state = await client.getJson<unknown>(`/sdls/${hash}`)
      if (state === 'Proving') return undefined
      if (state !== 'Proven') throw new Error(`SDL ${hash} was not proven: ${JSON.stringify(state)}`)
      return state
    },
    `SDL ${hash} to be proven`,
    50,
    PROVE_WAIT_MS,
  )
  const proveMs = nowMs() - proveStartMs
  const cpuAfterMs = processCpuMs(pid)
  const proveCpu = cpuBeforeMs === undefined || cpuAfterMs === undefined ? {} : { proveCpuMs: cpuAfterMs - cpuBeforeMs }
  const settleStartMs = nowMs()
  const settled = await client.postJson<{ state: unknown }>(`/sdls/${hash}/submit_proof`)
  if (settled.state !== 'BaseLayerApplied') throw new Error(`SDL ${hash} was not applied by the base layer: ${JSON.stringify(settled.state)}`)
  return { proveMs, ...proveCpu, settleMs: nowMs() - settleStartMs }
}

/** Reads each SDL's slot-operation, slot and proof counts from the domain's stored witness. */
async function withWitnessSizes(storePath: string, workers: number, timed: readonly Timed[]): Promise<SdlMeasurement[]> {
  const store = new SqliteDomainStore(storePath)
  try {
    const measured: SdlMeasurement[] = []
    for (const { kind, count, hash, proveMs, proveCpuMs, settleMs } of timed) {
      const record = await store.getSdl(hash)
      const witness = record?.witness as SdlWitness | undefined
      if (witness === undefined) throw new Error(`SDL ${hash} is missing from ${storePath}`)
      const paths = witness.batches.reduce((sum, batch) => sum + batch.pathCount, 0)
      const shape = kind === 'transfers' ? { transfers: count } : { transfers: 0, nfts: count }
      measured.push({ kind, ...shape, workers, slotOps: witness.opCount, paths, proofs: witness.batches.length, proveMs, ...(proveCpuMs === undefined ? {} : { proveCpuMs }), settleMs })
    }
    return measured
  } finally {
    await store.close()
  }
}
