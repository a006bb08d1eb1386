import type { IncomingMessage } from 'node:http'

/** A request body parsed as JSON, or why it could not be (with the HTTP status to answer). */
export type JsonBody = { value: unknown } | { error: string; status: number }

/** Reads a request body of at most `bytesMax` bytes and parses it as JSON. */
export async function readJsonBody(request: IncomingMessage, bytesMax: number): Promise<JsonBody> {
  const declared = Number(request.headers['content-length'] ?? '0')
  if (declared > bytesMax) return { error: `the body is larger than ${bytesMax} bytes`, status: 413 }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.byteLength
    if (size > bytesMax) return { error: `the body is larger than ${bytesMax} bytes`, status: 413 }
    chunks.push(chunk)
  }
  try {
    return { value: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown }
  } catch (error) {
    return { error: `the body is not JSON: ${(error as Error).message}`, status: 400 }
  }
}
