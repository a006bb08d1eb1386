import { ApiError } from './ApiError.ts'
import { callApi } from './callApi.ts'

/** Calls a read-only JSON-RPC method of the base layer through the web server; a JSON-RPC error becomes ApiError. */
export async function callBaseLayer<T>(method: string, params: Record<string, unknown>): Promise<T> {
  const answer = await callApi<{ result?: T; error?: { message: string; data?: { code?: string } } }>('/api/base-layer', {
    method: 'POST',
    json: { jsonrpc: '2.0', id: 1, method, params },
  })
  if (answer.error) throw new ApiError(200, answer.error.data?.code, answer.error.message)
  return answer.result as T
}
