import { parseJsonBigint } from '@verity/core'
import { ApiError } from './ApiError.ts'

export type CallOptions = { method?: 'GET' | 'POST'; json?: unknown; text?: string }

/** Calls the web server (`/api/...`): the parsed JSON answer (big integers kept exact), or ApiError. */
export async function callApi<T>(path: string, options: CallOptions = {}): Promise<T> {
  const text = await callApiText(path, options)
  return (text === '' ? undefined : parseJsonBigint(text)) as T
}

/** Like callApi, for text answers (a template's pretty-printed source). */
export async function callApiText(path: string, options: CallOptions = {}): Promise<string> {
  const headers: Record<string, string> = {}
  let body: string | undefined
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.json)
  } else if (options.text !== undefined) {
    headers['content-type'] = 'text/plain'
    body = options.text
  }
  const response = await fetch(path, { method: options.method ?? 'GET', headers, ...(body === undefined ? {} : { body }) })
  const text = await response.text()
  if (!response.ok) {
    let parsed: { message?: unknown; code?: unknown } = {}
    try {
      parsed = JSON.parse(text) as typeof parsed
    } catch {
      parsed = { message: text.slice(0, 200) }
    }
    throw new ApiError(response.status, typeof parsed.code === 'string' ? parsed.code : undefined, typeof parsed.message === 'string' ? parsed.message : `HTTP ${response.status}`)
  }
  return text
}
