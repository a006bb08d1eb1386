// Benchmark: signed transfers applied per second through POST /intents/execute (batches of 1 and
// of 100, each request one durable SQLite commit, WAL + synchronous=FULL), beside the raw
// node:crypto Ed25519 verify rate measured in the same run; then the time to prove SDLs of a few
// sizes, to show how proving grows (one chained batch proof per SDL_OPS_PER_PROOF slot operations).
//   npm run bench -w packages/domain [-- --transfers 2000 --sdl-sizes 4,12 --database-url postgres://postgres@127.0.0.1:5432/bench]
// With --database-url (or VERITY_DATABASE_URL) the domain's store is PostgreSQL instead of SQLite.
import { generateKeyPairSync, sign, verify } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { Ed25519Signer, canonicalJsonBytes, stringifyJsonBigint } from '@verity/core'
import { jsonValue, limits, signVerifiable, type VerifiableType } from '@verity/ledger'
import { startDomain, type RunningDomain } from '../src/index.ts'

const { values } = parseArgs({ options: { transfers: { type: 'string', default: '2000' }, 'sdl-sizes': { type: 'string', default: '4,12' }, concurrency: { type: 'string', default: '8' }, 'database-url': { type: 'string' } } })
const TRANSFERS = Number(values.transfers)
const SDL_SIZES = values['sdl-sizes']!.split(',').filter(Boolean).map(Number)
const CONCURRENCY = Number(values.concurrency)
const SHARD = 1

function verifyRate(): number {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const message = canonicalJsonBytes({ content: { new_nonce: 1, debited_shard: 1, credited: 'x'.repeat(46), allowances: { ['y'.repeat(46)]: { Fungible: 33 } } }, auxiliary: [] }, 'm')
  const signature = sign(null, message, privateKey)
  const started = performance.now()
  let count = 0
  while (performance.now() - started < 2_000) {
    for (let i = 0; i < 100; i++) if (!verify(null, message, publicKey, signature)) throw new Error('verify failed')
    count += 100
  }
  return count / ((performance.now() - started) / 1_000)
}

async function post(url: string, body: unknown): Promise<void> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: stringifyJsonBigint(body) })
  if (!response.ok) throw new Error(`${response.status} ${await response.text()}`)
  await response.arrayBuffer()
}

/** Funds `count` senders with a token and returns signers and the token id. */
async function fund(domain: RunningDomain, count: number, amountEach: bigint): Promise<{ senders: Ed25519Signer[]; token: string }> {
  const mintKey = Ed25519Signer.generate()
  const token = `${mintKey.ownerId},${SHARD}`
  const senders = Array.from({ length: count }, () => Ed25519Signer.generate())
  const credited = senders.map((s) => ({ address: `${s.ownerId},${SHARD}`, amount: amountEach }))
  const chunk = limits.MINT_CREDITS_MAX
  for (let i = 0; i < credited.length; i += chunk) {
    const operation = i === 0 ? { Create: { metadata: { name: 'Bench', symbol: 'BEN' }, credited: credited.slice(i, i + chunk) } } : { IncreaseSupply: { credited: credited.slice(i, i + chunk) } }
    await post(`${domain.url}/intents/execute`, [jsonValue(signVerifiable(mintKey, 'FungibleTokenMint', { new_nonce: BigInt(i / chunk + 1), shard: SHARD, operation }))])
  }
  return { senders, token }
}

/** Pre-signs `total` transfers round-robin over the senders (each sender's nonces in order). */
function transfers(senders: Ed25519Signer[], token: string, total: number): VerifiableType[][] {
  const perSender = senders.map(() => [] as VerifiableType[])
  const recipient = `${Ed25519Signer.generate().ownerId},${SHARD}`
  for (let i = 0; i < total; i++) {
    const s = i % senders.length
    perSender[s]!.push(signVerifiable(senders[s]!, 'DebitAllowance', { new_nonce: BigInt(perSender[s]!.length + 1), debited_shard: SHARD, credited: recipient, allowances: { [token]: { Fungible: 1n } } }))
  }
  return perSender
}

async function measureBatches(domain: RunningDomain, batchSize: number): Promise<number> {
  const senders = Math.max(CONCURRENCY, Math.ceil(TRANSFERS / 50))
  const { senders: signers, token } = await fund(domain, senders, 1_000_000n)
  const perSender = transfers(signers, token, TRANSFERS)
  // Each worker owns some senders, so a sender's nonces arrive in order; batches mix senders.
  const lanes = Array.from({ length: CONCURRENCY }, (_, lane) => perSender.filter((_, s) => s % CONCURRENCY === lane).flat())
  const started = performance.now()
  await Promise.all(
    lanes.map(async (lane) => {
      // keep each sender's messages in nonce order inside a lane: interleave by position
      for (let i = 0; i < lane.length; i += batchSize) await post(`${domain.url}/intents/execute`, lane.slice(i, i + batchSize).map(jsonValue))
    }),
  )
  return TRANSFERS / ((performance.now() - started) / 1_000)
}

async function measureProving(domain: RunningDomain, size: number): Promise<{ ms: number; batches: number }> {
  const { senders, token } = await fund(domain, size, 10n)
  // Everything pending so far (the throughput runs, the funding mint) goes into SDLs not measured.
  while ((await (await fetch(`${domain.url}/sdls/submit`, { method: 'POST' })).json()) !== null);
  const batch = transfers(senders, token, size).flat()
  await post(`${domain.url}/intents/execute`, batch.map(jsonValue))
  const hash = (await (await fetch(`${domain.url}/sdls/submit`, { method: 'POST' })).json()) as string
  const started = performance.now()
  await fetch(`${domain.url}/sdls/${hash}/prove`, { method: 'POST' })
  for (;;) {
    const state = await (await fetch(`${domain.url}/sdls/${hash}`)).json()
    if (state !== 'Proving') {
      if (state !== 'Proven') throw new Error(`proving failed: ${JSON.stringify(state)}`)
      break
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const ms = performance.now() - started
  return { ms, batches: Math.ceil((size * 4) / limits.SDL_OPS_PER_PROOF) }
}

const dir = mkdtempSync(join(tmpdir(), 'verity-domain-bench-'))
const domain = await startDomain({
  config: { shard: SHARD, keypairPath: join(dir, 'operator_key.json'), apiPort: 0, apiHost: '127.0.0.1', dataDir: join(dir, 'data'), guardrails: [], prover: {}, creditsPullIntervalMs: 0 },
  logLevel: 'warn',
  ...(values['database-url'] === undefined ? {} : { databaseUrl: values['database-url'] }),
})
console.log(`store: ${domain.config.databaseUrl === undefined ? 'SQLite (WAL, synchronous=FULL)' : 'PostgreSQL'}`)
try {
  const verifyPerSecond = verifyRate()
  console.log(`node:crypto Ed25519 verify (1 core, cached key): ${verifyPerSecond.toFixed(0)} /s`)
  for (const size of [1, 100]) {
    const rate = await measureBatches(domain, size)
    console.log(`POST /intents/execute, batches of ${size}, ${TRANSFERS} signed transfers, ${CONCURRENCY} clients: ${rate.toFixed(0)} transfers/s (${((100 * rate) / verifyPerSecond).toFixed(0)}% of the raw verify rate)`)
  }
  for (const size of SDL_SIZES) {
    const { ms, batches } = await measureProving(domain, size)
    console.log(`prove an SDL of ${size} transfers (~${batches} chained batch proofs of ${limits.SDL_OPS_PER_PROOF} slot ops): ${(ms / 1_000).toFixed(1)} s`)
  }
} finally {
  await domain.close()
  rmSync(dir, { recursive: true, force: true })
}
