import { VerityError } from '@verity/core'

/** The params of a JSON-RPC call do not have the documented shape. */
export class InvalidParamsError extends VerityError {
  readonly code = 'INVALID_PARAMS'
  constructor(readonly fields: { method: string; field: string; reason: string }) {
    super(`${fields.method}: params.${fields.field}: ${fields.reason}`)
  }
}

/** The body is not JSON. */
export class RpcParseError extends VerityError {
  readonly code = 'PARSE_ERROR'
  constructor(readonly fields: { reason: string }) {
    super(`request body is not valid JSON: ${fields.reason}`)
  }
}

/** No method of that name. */
export class MethodNotFoundError extends VerityError {
  readonly code = 'METHOD_NOT_FOUND'
  constructor(readonly fields: { method: string }) {
    super(`method not found: ${fields.method}`)
  }
}

/** A batch holds more requests than the node accepts at once. */
export class BatchTooLargeError extends VerityError {
  readonly code = 'BATCH_TOO_LARGE'
  constructor(readonly fields: { requestCount: number; requestCountMax: number }) {
    super(`batch of ${fields.requestCount} requests exceeds the limit of ${fields.requestCountMax}`)
  }
}

/** A signed request was signed with a scheme other than Ed25519 (operators sign with Ed25519 keys). */
export class OperatorKeyNotEd25519Error extends VerityError {
  readonly code = 'OPERATOR_KEY_NOT_ED25519'
  constructor(readonly fields: { scheme: string }) {
    super(`operator requests must be signed with an Ed25519 key, got a ${fields.scheme} signature`)
  }
}
