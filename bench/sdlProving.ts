// Domain: time to prove SDLs of growing size (POST /sdls/{hash}/prove until the state is Proven)
// and the base layer's verification of each (POST /sdls/{hash}/submit_proof against the embedded
// base layer, which checks the content and verifies every batch proof before applying it).
// The setup SDL (the mint that funds the senders) is proven and settled first, unmeasured.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { limits as ledgerLimits } from '@verity/ledger'
import { SqliteDomainStore } from '@verity/domain'
import type { SdlWitness } from '@verity/prover'
import { createHttpClient, type HttpClient } from './lib/httpClient.ts'
import { startChild } from './lib/startChild.ts'
import { nowMs, pollUntil } from './lib/stats.ts'
import { asBatchBody, fundSenders } from './lib/transferBook.ts'
import type { BenchSettings } from './lib/benchSettings.ts'

export type SdlMeasurement = {
  transfers: number
  slotOps: number
  proofs: number
  proveMs: number
  /** submit_proof round trip: the base layer's content checks, proof verifications and apply. */
  settleMs: number
}

export type SdlProvingResult = { opsPerProof: number; sdls: SdlMeasurement[] }

/** Senders of the SDL domain: few, so the setup SDL is one proof; the slot ops of a transfer do not depend on it. */
const SENDERS = 4
const PROVE_WAIT_MS = 900_000

export async function measureSdlProving(settings: BenchSettings): Promise<SdlProvingResult> {
  const dir = mkdtempSync(join(tmpdir(), 'verity-bench-sdl-'))
  const domain = startChild('services/domainService.ts', [dir])
  try {
    const { url, storePath } = await domain.receive<{ type: string; url: string; storePath: string }>('ready', 120_000)
    const client = createHttpClient(url, 4)
    const timed: { transfers: number; hash: string; proveMs: number; settleMs: number }[] = []
    try {
      const book = await fundSenders(client, SENDERS, 10n ** 9n)
      await settle(client, await cutSdl(client))
      for (const transfers of settings.sdlSizes) {
        const signed = book.signTransfers(transfers).map((transfer) => transfer.json)
        for (let start = 0; start < signed.length; start += ledgerLimits.BATCH_LENGTH_MAX)
          await client.postJson('/intents/execute', asBatchBody(signed.slice(start, start + ledgerLimits.BATCH_LENGTH_MAX)))
        const hash = await cutSdl(client)
        timed.push({ transfers, hash, ...(await settle(client, hash)) })
      }
    } finally {
      client.close()
    }
    await domain.stop()
    return { opsPerProof: ledgerLimits.SDL_OPS_PER_PROOF, sdls: await withWitnessSizes(storePath, timed) }
  } finally {
    await domain.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

async function cutSdl(client: HttpClient): Promise<string> {
  const hash = await client.postJson<string | null>('/sdls/submit')
  if (hash === null) throw new Error('POST /sdls/submit: nothing was pending')
  return hash
}

/** Proves the SDL (timed until Proven), then submits its proof to the base layer (timed). */
async function settle(client: HttpClient, hash: string): Promise<{ proveMs: number; settleMs: number }> {
  const proveStartMs = nowMs()
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
  const settleStartMs = nowMs()
  const settled = await client.postJson<{ state: unknown }>(`/sdls/${hash}/submit_proof`)
  if (settled.state !== 'BaseLayerApplied') throw new Error(`SDL ${hash} was not applied by the base layer: ${JSON.stringify(settled.state)}`)
  return { proveMs, settleMs: nowMs() - settleStartMs }
}

/** Reads each SDL's slot-operation and proof counts from the domain's stored witness. */
async function withWitnessSizes(storePath: string, timed: readonly { transfers: number; hash: string; proveMs: number; settleMs: number }[]): Promise<SdlMeasurement[]> {
  const store = new SqliteDomainStore(storePath)
  try {
    const measured: SdlMeasurement[] = []
    for (const { transfers, hash, proveMs, settleMs } of timed) {
      const record = await store.getSdl(hash)
      const witness = record?.witness as SdlWitness | undefined
      if (witness === undefined) throw new Error(`SDL ${hash} is missing from ${storePath}`)
      measured.push({ transfers, slotOps: witness.opCount, proofs: witness.batches.length, proveMs, settleMs })
    }
    return measured
  } finally {
    await store.close()
  }
}
