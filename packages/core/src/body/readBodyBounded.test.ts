import assert from 'node:assert/strict'
import { Readable } from 'node:stream'
import { describe, test } from 'node:test'
import { BodyTooLargeError } from '../errors/requestErrors.ts'
import { contentLengthOf, readBodyBounded } from './readBodyBounded.ts'

/** A web stream of `chunkCount` chunks of `chunkBytes` bytes that counts how many chunks were pulled. */
function countingStream(chunkCount: number, chunkBytes: number): { stream: ReadableStream<Uint8Array>; pulled: () => number; cancelled: () => boolean } {
  let pulls = 0
  let isCancelled = false
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulls === chunkCount) return controller.close()
        pulls += 1
        controller.enqueue(new Uint8Array(chunkBytes).fill(pulls))
      },
      cancel() {
        isCancelled = true
      },
    },
    { highWaterMark: 0 },
  )
  return { stream, pulled: () => pulls, cancelled: () => isCancelled }
}

describe('readBodyBounded', () => {
  test('returns the bytes of a body at or below the limit, in order', async () => {
    const { stream } = countingStream(3, 4)
    const bytes = await readBodyBounded(stream, { bytesMax: 12 })
    assert.deepEqual([...bytes], [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3])
    assert.equal((await readBodyBounded(null, { bytesMax: 0 })).byteLength, 0)
  })

  test('stops reading one chunk past the limit and cancels the stream (an endless body is not buffered)', async () => {
    const endless = countingStream(Number.MAX_SAFE_INTEGER, 1_024)
    await assert.rejects(readBodyBounded(endless.stream, { bytesMax: 10_000, what: 'the reply of http://127.0.0.1/x' }), (error: unknown) => {
      assert.ok(error instanceof BodyTooLargeError)
      assert.equal(error.code, 'BODY_TOO_LARGE')
      assert.equal(error.message, 'the reply of http://127.0.0.1/x is larger than 10000 bytes')
      return true
    })
    assert.equal(endless.pulled(), 10)
    assert.equal(endless.cancelled(), true)
  })

  test('refuses a declared length above the limit before reading any byte', async () => {
    const body = countingStream(1, 1)
    await assert.rejects(readBodyBounded(body.stream, { bytesMax: 100, bytesDeclared: 101 }), BodyTooLargeError)
    assert.equal(body.pulled(), 0)
    assert.equal(body.cancelled(), true)
  })

  test('a declared length is not trusted: a longer body is still cut at the limit', async () => {
    const body = countingStream(5, 100)
    await assert.rejects(readBodyBounded(body.stream, { bytesMax: 250, bytesDeclared: 10 }), BodyTooLargeError)
    assert.equal(body.pulled(), 3)
  })

  test('reads a node stream (a request body) under the same limit', async () => {
    const small = Readable.from([Buffer.from('ab'), Buffer.from('cd')])
    assert.equal(new TextDecoder().decode(await readBodyBounded(small, { bytesMax: 4 })), 'abcd')
    const large = Readable.from([Buffer.alloc(3), Buffer.alloc(3)])
    await assert.rejects(readBodyBounded(large, { bytesMax: 5 }), /the request body is larger than 5 bytes/)
    assert.equal(large.destroyed, true)
  })

  test('contentLengthOf reads only a plain non-negative integer', () => {
    assert.equal(contentLengthOf(new Headers({ 'content-length': '42' })), 42)
    assert.equal(contentLengthOf(new Headers()), undefined)
    assert.equal(contentLengthOf(new Headers({ 'content-length': '-1' })), undefined)
    assert.equal(contentLengthOf(new Headers({ 'content-length': '1e3' })), undefined)
  })
})
