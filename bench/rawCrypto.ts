// Raw limit: node:crypto Ed25519 and P-256 (ES256, DER) verifications per second on one core,
// with cached KeyObjects — the best this machine's OpenSSL does, which every signed request pays.
import { generateKeyPairSync, sign, verify } from 'node:crypto'
import { measureRate } from './lib/stats.ts'
import type { BenchSettings } from './lib/benchSettings.ts'

export type RawCryptoResult = { ed25519PerSecond: number; p256PerSecond: number; ed25519Rounds: number[]; p256Rounds: number[] }

const KEYS = 16
// The size of a signed intent's JCS bytes.
const MESSAGE = new TextEncoder().encode(
  JSON.stringify({ id: '0b7e6f5c-3d2a-4c1b-9e8f-7a6b5c4d3e2f', policy_id: '8'.repeat(44), attrs: { fields: { max_price_cents: 2500, size: 'M', audience: 'men' } } }),
)

export function measureRawCrypto(settings: BenchSettings): RawCryptoResult {
  const ed25519 = Array.from({ length: KEYS }, () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519')
    return { publicKey, signature: sign(null, MESSAGE, privateKey) }
  })
  const p256 = Array.from({ length: KEYS }, () => {
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    return { publicKey, signature: sign('sha256', MESSAGE, { key: privateKey, dsaEncoding: 'der' }) }
  })
  const ed = measureRate(
    (index) => {
      const entry = ed25519[index % KEYS]!
      if (!verify(null, MESSAGE, entry.publicKey, entry.signature)) throw new Error('Ed25519 verification failed')
    },
    settings.cryptoRoundMs,
    settings.cryptoRounds,
  )
  const es = measureRate(
    (index) => {
      const entry = p256[index % KEYS]!
      if (!verify('sha256', MESSAGE, { key: entry.publicKey, dsaEncoding: 'der' }, entry.signature)) throw new Error('P-256 verification failed')
    },
    settings.cryptoRoundMs,
    settings.cryptoRounds,
  )
  return { ed25519PerSecond: ed.perSecond, p256PerSecond: es.perSecond, ed25519Rounds: ed.rounds, p256Rounds: es.rounds }
}
