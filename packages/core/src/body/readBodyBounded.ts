import { BodyTooLargeError } from '../errors/requestErrors.ts'

/** A body as fetch gives it (a web ReadableStream) or as node:http gives it (an async iterable of chunks). */
export type BoundedBodySource = ReadableStreamLike | AsyncIterable<Uint8Array> | null

/** The part of a web ReadableStream we use; undici's and the DOM's streams both fit. */
export type ReadableStreamLike = {
  getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array | undefined }>; cancel(reason?: unknown): Promise<void> }
}

export type ReadBodyBoundedParameters = {
  /** Most bytes read; one byte more and reading stops with BodyTooLargeError. */
  bytesMax: number
  /** The Content-Length the sender declared, if any: above `bytesMax` the body is refused unread. */
  bytesDeclared?: number | undefined
  /** What the body is, for the error message ("the reply of http://…"). Default: "the request body". */
  what?: string
}

/**
 * Reads a whole body of at most `bytesMax` bytes and returns its bytes. Reading stops as soon as
 * the count passes the limit (the stream is cancelled, the rest is never read), and a declared
 * length above the limit is refused before any byte is read: a sender cannot make us buffer more
 * than `bytesMax` bytes. Throws `BodyTooLargeError` (BODY_TOO_LARGE).
 * @example const bytes = await readBodyBounded(response.body, { bytesMax: 1_048_576, bytesDeclared: contentLengthOf(response.headers) })
 */
export async function readBodyBounded(source: BoundedBodySource, params: ReadBodyBoundedParameters): Promise<Uint8Array> {
  const { bytesMax, bytesDeclared } = params
  const tooLarge = () => new BodyTooLargeError({ bytesMax, ...(params.what === undefined ? {} : { what: params.what }) })
  if (bytesDeclared !== undefined && bytesDeclared > bytesMax) {
    await discard(source)
    throw tooLarge()
  }
  if (source === null) return new Uint8Array(0)
  const chunks: Uint8Array[] = []
  let byteCount = 0
  const accept = (chunk: Uint8Array): boolean => {
    byteCount += chunk.byteLength
    if (byteCount > bytesMax) return false
    chunks.push(chunk)
    return true
  }
  if (isReadableStream(source)) {
    const reader = source.getReader()
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      if (value !== undefined && !accept(value)) {
        await reader.cancel().catch(() => undefined)
        throw tooLarge()
      }
    }
  } else {
    // Leaving the loop early ends the iterator, which destroys a node stream (no more is read).
    for await (const chunk of source) if (!accept(chunk)) throw tooLarge()
  }
  return concatBytes(chunks, byteCount)
}

/** The Content-Length of `headers` as a number, or undefined when absent or not a non-negative integer. */
export function contentLengthOf(headers: { get(name: string): string | null }): number | undefined {
  const text = headers.get('content-length')
  if (text === null || !/^\d{1,15}$/.test(text.trim())) return undefined
  return Number(text.trim())
}

function isReadableStream(source: ReadableStreamLike | AsyncIterable<Uint8Array>): source is ReadableStreamLike {
  return typeof (source as ReadableStreamLike).getReader === 'function'
}

/** Cancels a fetched body we will not read. A node request is left alone: destroying it would close the socket before the 413. */
async function discard(source: BoundedBodySource): Promise<void> {
  if (source !== null && isReadableStream(source)) await source.getReader().cancel().catch(() => undefined)
}

function concatBytes(chunks: Uint8Array[], byteCount: number): Uint8Array {
  const bytes = new Uint8Array(byteCount)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return bytes
}
