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

/**
 * The settlement target (the base layer, or an EVM chain) could not be reached, timed out, answered
 * something that is not JSON-RPC, or is not ready yet. `url` and `method` name the call when known.
 */
export class BaseLayerUnavailableError extends VerityError {
  readonly code = 'BASE_LAYER_UNAVAILABLE'
  constructor(readonly fields: { reason: string; url?: string; method?: string }, options?: { cause?: unknown }) {
    super(
      fields.url === undefined
        ? `base layer unavailable: ${fields.reason}`
        : `base layer at ${fields.url} (${fields.method ?? 'request'}): ${fields.reason}`,
      options,
    )
  }
}
