/** One reply of an orchestrator under test: its status, its body as text, and the body parsed (undefined when empty). */
export type OrchestratorReply = { status: number; text: string; json: any }

/**
 * Sends `method path` to the orchestrator at `baseUrl`: a string body as text/plain (a template
 * source), anything else as JSON.
 */
export async function callOrchestrator(baseUrl: string, method: string, path: string, body?: unknown): Promise<OrchestratorReply> {
  const init: RequestInit = { method }
  if (body !== undefined) {
    init.body = typeof body === 'string' ? body : JSON.stringify(body)
    init.headers = { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' }
  }
  const response = await fetch(`${baseUrl}${path}`, init)
  const text = await response.text()
  return { status: response.status, text, json: text === '' ? undefined : JSON.parse(text) }
}
