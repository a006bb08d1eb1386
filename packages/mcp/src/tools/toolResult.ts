import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { isVerityError, stringifyJsonBigint } from '@verity/core'
import { ApiError, ServiceUnreachableError } from '@verity/sdk'
import { ToolOutputTooLargeError } from '../errors/mcpErrors.ts'

/** What an agent gets back when a tool fails: the service's stable code, its message, the HTTP status when there was one. */
export type ToolError = { code: string; message: string; status?: number; index?: number }

/**
 * A successful tool result: `structured` as structuredContent (checked against the tool's output
 * schema) and the same JSON as text for clients that only read text. Big integers stay exact:
 * numbers up to 2^53, decimal strings beyond (structured) and JSON integers (text).
 */
export function toolSuccess(tool: string, structured: Record<string, unknown>, bytesMax: number, hint: string): CallToolResult {
  const text = stringifyJsonBigint(structured)
  const bytes = Buffer.byteLength(text)
  if (bytes > bytesMax) return toolFailure(new ToolOutputTooLargeError({ tool, bytes, bytesMax, hint }))
  return { content: [{ type: 'text', text }], structuredContent: plainJson(structured) as Record<string, unknown> }
}

/**
 * A failed tool call as a result with `isError` (an answer the model can act on, not a protocol
 * error). The text is the JSON `{code, message, status?}`; `_meta["verity/error"]` holds the same.
 */
export function toolFailure(error: unknown): CallToolResult {
  const described = describeToolError(error)
  return { content: [{ type: 'text', text: JSON.stringify(described) }], isError: true, _meta: { 'verity/error': described } }
}

/** Maps what the SDK clients and our code throw to a ToolError. Anything else is a bug: its message is kept, its code is INTERNAL. */
export function describeToolError(error: unknown): ToolError {
  if (error instanceof ApiError)
    return {
      code: error.serverCode ?? `HTTP_${error.status}`,
      message: error.fields.message,
      status: error.status,
      ...(error.fields.index === undefined ? {} : { index: error.fields.index }),
    }
  if (error instanceof ServiceUnreachableError)
    return { code: error.code, message: `${error.message} (is the service running, and is the URL right?)` }
  if (isVerityError(error)) return { code: error.code, message: error.message }
  return { code: 'INTERNAL', message: error instanceof Error ? error.message : String(error) }
}

/** Runs a tool body and turns a throw into a `toolFailure`. */
export async function runTool(body: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await body()
  } catch (error) {
    return toolFailure(error)
  }
}

/** A JSON value with every bigint as a number when it is exact, else as its decimal string. */
export function plainJson(value: unknown): unknown {
  if (typeof value === 'bigint') return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value.toString()
  if (Array.isArray(value)) return value.map(plainJson)
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plainJson(inner)]))
  return value
}
