// Verifications per second for each signature scheme, beside node:crypto's raw verify rate
// measured in the same run, and the scheme layer's overhead over raw (goal: < 15% for Ed25519).
// Run: npm run bench -w packages/core   (BENCH_MS=400 per run, BENCH_ROUNDS=8 interleaved runs, best kept)
import { createPublicKey, verify, type KeyObject } from 'node:crypto'
import {
  decodeBase58,
  Ed25519Signer,
  MultisigSigner,
  SoftwarePasskey,
  verifySignature,
  type Signature,
} from '../src/index.ts'
import { ed25519KeyObject, p256KeyObject } from '../src/signature/publicKeyCache.ts'
import { sha256 } from '../src/hash/sha256.ts'

const BENCH_MS = Number(process.env.BENCH_MS ?? 400)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8)
const KEY_COUNT = 16
const message = new TextEncoder().encode(JSON.stringify({ payload: { content: { new_nonce: 1, debited_shard: 1, amount: 1000 }, auxiliary: [] } }))

/** Runs `work` (one verification per call, returning true) for BENCH_MS; returns calls per second. */
function measure(work: (index: number) => boolean): number {
  for (let index = 0; index < 200; index++) if (!work(index)) throw new Error('warm-up verification failed')
  let count = 0
  const start = process.hrtime.bigint()
  const end = start + BigInt(BENCH_MS) * 1_000_000n
  let now = start
  while (now < end) {
    for (let batch = 0; batch < 64; batch++) if (!work(count++)) throw new Error('verification failed')
    now = process.hrtime.bigint()
  }
  return count / (Number(now - start) / 1e9)
}

/** Best of ROUNDS interleaved runs, so a noisy moment does not decide a comparison. */
function best(cases: Record<string, (index: number) => boolean>): Record<string, number> {
  const rates: Record<string, number> = {}
  for (let round = 0; round < ROUNDS; round++)
    for (const [name, work] of Object.entries(cases)) rates[name] = Math.max(rates[name] ?? 0, measure(work))
  return rates
}

const ed25519Signers = Array.from({ length: KEY_COUNT }, () => Ed25519Signer.generate())
const passkeys = Array.from({ length: KEY_COUNT }, () => SoftwarePasskey.generate())
const multisig = new MultisigSigner({
  members: [{ signer: ed25519Signers[0]!, weight: 1 }, { signer: ed25519Signers[1]!, weight: 1 }, { signer: ed25519Signers[2]!, weight: 1 }],
  threshold: 2,
})

const ed25519Wire = ed25519Signers.map((signer) => signer.sign(message))
const ed25519Raw = ed25519Wire.map((signature, index) => ({
  key: ed25519KeyObject(ed25519Signers[index]!.publicKey),
  signature: decodeBase58(signature.Ed25519.signature, 's'),
}))
const ed25519Spki = ed25519Signers.map((signer) => Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), signer.publicKey]))
const passkeyWire = passkeys.map((passkey) => passkey.sign(message))
const passkeyRaw = passkeyWire.map((signature, index) => ({
  key: p256KeyObject(passkeys[index]!.publicKeyCompressed),
  signed: Buffer.concat([decodeBase58(signature.Passkey.authenticator_data, 'a'), sha256(signature.Passkey.client_data)]),
  signature: decodeBase58(signature.Passkey.signature, 's'),
}))
const multisigWire: Signature[] = [multisig.signWith(message, [0, 1])]

const pick = <T>(list: readonly T[], index: number): T => list[index % list.length]!

const rates = best({
  rawEd25519: (index) => {
    const entry = pick(ed25519Raw, index)
    return verify(null, message, entry.key as KeyObject, entry.signature)
  },
  rawEd25519NewKeyObject: (index) => {
    const key = createPublicKey({ key: pick(ed25519Spki, index), format: 'der', type: 'spki' })
    return verify(null, message, key, pick(ed25519Raw, index).signature)
  },
  ed25519: (index) => verifySignature(pick(ed25519Wire, index), message),
  rawEs256: (index) => {
    const entry = pick(passkeyRaw, index)
    return verify('sha256', entry.signed, { key: entry.key, dsaEncoding: 'der' }, entry.signature)
  },
  passkey: (index) => verifySignature(pick(passkeyWire, index), message),
  multisig2of3: (index) => verifySignature(pick(multisigWire, index), message),
})

const overhead = (scheme: number, raw: number) => `${(((raw - scheme) / raw) * 100).toFixed(1)}%`
const format = (rate: number) => `${Math.round(rate).toLocaleString('en-US').padStart(9)} /s`
console.log(`signature verification, best of ${ROUNDS} × ${BENCH_MS} ms, ${KEY_COUNT} keys, message ${message.length} bytes, node ${process.version}`)
console.log(`raw node:crypto Ed25519 verify (cached KeyObject)   ${format(rates.rawEd25519!)}`)
console.log(`raw node:crypto Ed25519 verify (KeyObject per call) ${format(rates.rawEd25519NewKeyObject!)}  (${overhead(rates.rawEd25519NewKeyObject!, rates.rawEd25519!)} slower)`)
console.log(`verifySignature Ed25519                             ${format(rates.ed25519!)}  overhead over raw Ed25519: ${overhead(rates.ed25519!, rates.rawEd25519!)}`)
console.log(`raw node:crypto ES256 verify (DER)                  ${format(rates.rawEs256!)}`)
console.log(`verifySignature Passkey                             ${format(rates.passkey!)}  overhead over raw ES256: ${overhead(rates.passkey!, rates.rawEs256!)}`)
console.log(`verifySignature Multisig 2-of-3 Ed25519             ${format(rates.multisig2of3!)}  overhead over 2 raw Ed25519: ${overhead(rates.multisig2of3!, rates.rawEd25519! / 2)}`)
