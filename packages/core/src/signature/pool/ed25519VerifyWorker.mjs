// Worker thread of Ed25519VerifierPool: verifies batches of Ed25519 signatures with node:crypto.
// Plain JavaScript on purpose: it needs node:crypto only, so it starts without a TypeScript loader.
// Request: { id, packed }: count n (u32 LE) ‖ n message end offsets (u32 LE, absolute) ‖ n keys
// (32 bytes) ‖ n signatures (64 bytes) ‖ the messages, concatenated.
// Reply:   { id, valid (n bytes, 1 = verifies) }.
import { createPublicKey, verify } from 'node:crypto'
import { parentPort, workerData } from 'node:worker_threads'

const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')
const keyCacheEntriesMax = workerData.keyCacheEntriesMax
/** Parsed keys by their 32 bytes (latin1 text); cleared when full (a cheap bound, like the main cache's). */
const keys = new Map()

function keyObjectOf(bytes) {
  const id = bytes.toString('latin1')
  let key = keys.get(id)
  if (key === undefined) {
    if (keys.size >= keyCacheEntriesMax) keys.clear()
    key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, bytes]), format: 'der', type: 'spki' })
    keys.set(id, key)
  }
  return key
}

parentPort.on('message', (request) => {
  const packed = Buffer.from(request.packed.buffer, request.packed.byteOffset, request.packed.byteLength)
  const count = packed.readUInt32LE(0)
  const keysAt = 4 * (1 + count)
  const signaturesAt = keysAt + 32 * count
  const valid = new Uint8Array(count)
  let start = signaturesAt + 64 * count
  for (let i = 0; i < count; i++) {
    const end = packed.readUInt32LE(4 * (1 + i))
    try {
      const key = keyObjectOf(packed.subarray(keysAt + 32 * i, keysAt + 32 * i + 32))
      valid[i] = verify(null, packed.subarray(start, end), key, packed.subarray(signaturesAt + 64 * i, signaturesAt + 64 * i + 64)) ? 1 : 0
    } catch {
      valid[i] = 0
    }
    start = end
  }
  parentPort.postMessage({ id: request.id, valid })
})
