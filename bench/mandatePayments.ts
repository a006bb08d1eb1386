// Mandate payments (issue 30): payments per second a domain applies when each one carries a proof
// bundle (one policy proof verification each, on the domain's prover workers), beside plain signed
// transfers (batches of 1) on the same domain in the same run, both with LANES concurrent clients.
// The bundles are real (signature, attestation, proof) and proven before the timed part.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Ed25519Signer, formatAddress, stringifyJsonBigint } from '@verity/core'
import { jsonValue, signVerifiable } from '@verity/ledger'
import { createProver } from '@verity/prover'
import { mandatePaymentOf } from '@verity/sdk'
import { makeMandateBundle } from '../packages/sdk/src/testing/makeMandateBundle.ts'
import { closedLoop } from './domainTransfers.ts'
import { BENCH_SHARD, type BenchSettings } from './lib/benchSettings.ts'
import { createHttpClient, type HttpClient } from './lib/httpClient.ts'
import { startChild } from './lib/startChild.ts'
import { nowMs, percentile } from './lib/stats.ts'
import { asBatchBody, fundSenders } from './lib/transferBook.ts'

export type MandatePaymentsResult = {
  payments: number
  paymentsPerSecond: number
  paymentP50Ms: number
  paymentP99Ms: number
  transfers: number
  transfersPerSecond: number
}

/** Concurrent clients of both runs (the domain verifies bundles on its prover workers: one per core). */
const LANES = 4
/** Plain transfers sent (batches of 1) for the comparison. */
const TRANSFERS = 2_000

export async function measureMandatePayments(settings: BenchSettings): Promise<MandatePaymentsResult> {
  const count = settings.quick ? 8 : 24
  const [user, store, extractor, minter] = [Ed25519Signer.generate(), Ed25519Signer.generate(), Ed25519Signer.generate(), Ed25519Signer.generate()]
  const token = formatAddress(minter.ownerId, BENCH_SHARD)
  const payee = formatAddress(store.ownerId, BENCH_SHARD)
  const prover = createProver({ threads: 1 })
  const bodies: string[] = []
  try {
    for (let i = 0; i < count; i++) {
      const bundle = await makeMandateBundle({ prover, user, extractor, payee, priceCents: 100, token })
      bodies.push(stringifyJsonBigint([jsonValue({ MandatePayment: mandatePaymentOf(bundle) })]))
    }
  } finally {
    await prover.close()
  }
  const dir = mkdtempSync(join(tmpdir(), 'verity-bench-mandates-'))
  const domain = startChild('services/domainService.ts', [dir, '', extractor.publicKeyBase58])
  try {
    const { url } = await domain.receive<{ type: string; url: string }>('ready', 120_000)
    const client = createHttpClient(url, LANES)
    try {
      const operation = { Create: { metadata: { name: 'Bench', symbol: 'BEN' }, credited: [{ address: formatAddress(user.ownerId, BENCH_SHARD), amount: 10n ** 9n }] } }
      await client.postJson('/intents/execute', asBatchBody([stringifyJsonBigint(jsonValue(signVerifiable(minter, 'FungibleTokenMint', { new_nonce: 1n, shard: BENCH_SHARD, operation })))]))
      const book = await fundSenders(client, 256, 10n ** 12n)
      const signed = book.signTransfers(TRANSFERS)
      const lanes = Array.from({ length: LANES }, (_, lane) => signed.filter((transfer) => transfer.sender % LANES === lane))
      const transfers = (await closedLoop(client, lanes, 1, settings.closedLoopSecondsMax * 1_000)).result
      const payments = await payAll(client, bodies)
      return { ...payments, transfers: transfers.transfers, transfersPerSecond: transfers.transfersPerSecond }
    } finally {
      client.close()
    }
  } finally {
    await domain.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Sends every payment once, LANES at a time; each must be applied (200). */
async function payAll(client: HttpClient, bodies: readonly string[]): Promise<Pick<MandatePaymentsResult, 'payments' | 'paymentsPerSecond' | 'paymentP50Ms' | 'paymentP99Ms'>> {
  const latencies: number[] = []
  let next = 0
  const startedAtMs = nowMs()
  await Promise.all(
    Array.from({ length: LANES }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++]!
        const sentAtMs = nowMs()
        const reply = await client.request('POST', '/intents/execute', body, 'application/json')
        if (reply.status !== 200) throw new Error(`a mandate payment answered ${reply.status}: ${reply.text.slice(0, 300)}`)
        latencies.push(nowMs() - sentAtMs)
      }
    }),
  )
  const wallMs = nowMs() - startedAtMs
  return { payments: bodies.length, paymentsPerSecond: (bodies.length * 1_000) / wallMs, paymentP50Ms: percentile(latencies, 50), paymentP99Ms: percentile(latencies, 99) }
}
