import { VerityError } from '@verity/core'

/**
 * The base layer answered a call with a JSON-RPC error. `code` is the node's stable string code
 * (e.g. `SHARD_TAKEN`, see docs/base-layer-rpc.md), `rpcCode` the JSON-RPC integer code. Both
 * clients throw this same error, so a caller does not care whether the node is in-process or remote.
 */
export class BaseLayerRpcError extends VerityError {
  readonly code: string
  constructor(readonly fields: { method: string; rpcCode: number; code: string; message: string }) {
    super(`base layer ${fields.method}: ${fields.message}`)
    this.code = fields.code
  }
}

/** The base layer could not be reached, timed out, or answered something that is not JSON-RPC. */
export class BaseLayerUnavailableError extends VerityError {
  readonly code = 'BASE_LAYER_UNAVAILABLE'
  constructor(readonly fields: { url: string; method: string; reason: string }, options?: { cause?: unknown }) {
    super(`base layer at ${fields.url} (${fields.method}): ${fields.reason}`, options)
  }
}
