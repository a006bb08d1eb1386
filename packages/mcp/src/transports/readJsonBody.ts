import type { IncomingMessage } from 'node:http'
import { BodyTooLargeError, readBodyBounded } from '@verity/core'

/** A request body parsed as JSON, or why it could not be (with the HTTP status to answer). */
export type JsonBody = { value: unknown } | { error: string; status: number }

/** Reads a request body of at most `bytesMax` bytes and parses it as JSON. */
export async function readJsonBody(request: IncomingMessage, bytesMax: number): Promise<JsonBody> {
  const declared = Number(request.headers['content-length'] ?? Number.NaN)
  let bytes: Uint8Array
  try {
    bytes = await readBodyBounded(request, { bytesMax, bytesDeclared: Number.isSafeInteger(declared) ? declared : undefined, what: 'the body' })
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { error: error.message, status: 413 }
    throw error
  }
  try {
    return { value: JSON.parse(new TextDecoder().decode(bytes)) as unknown }
  } catch (error) {
    return { error: `the body is not JSON: ${(error as Error).message}`, status: 400 }
  }
}
