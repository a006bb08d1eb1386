/** One HTTP request to a running orchestrator: JSON bodies as JSON, strings as text/plain. */
export async function sendRequest(url: string, method: string, path: string, body?: unknown): Promise<{ status: number; text: string; json: any }> {
  const init: RequestInit = { method }
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body)
    init.headers = { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' }
  }
  const response = await fetch(`${url}${path}`, init)
  const text = await response.text()
  let json: unknown
  try {
    json = text === '' ? undefined : JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, text, json }
}
