/** Reads a response body as UTF-8, refusing more than `bytesMax` bytes (stops reading there). */
export async function readBoundedText(response: Response, bytesMax: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0')
  if (declared > bytesMax) throw new Error(`the body is ${declared} bytes, more than ${bytesMax}`)
  const reader = response.body?.getReader()
  if (reader === undefined) return ''
  const chunks: Uint8Array[] = []
  let total = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    total += value.byteLength
    if (total > bytesMax) {
      await reader.cancel()
      throw new Error(`the body is more than ${bytesMax} bytes`)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}
