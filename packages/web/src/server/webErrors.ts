import { VerityError } from '@verity/core'

/** A request for a route the web server does not forward (an operator route, or an unknown one). */
export class RouteNotForwardedError extends VerityError {
  readonly code = 'ROUTE_NOT_FORWARDED'
  constructor(readonly fields: { method: string; path: string }) {
    super(`${fields.method} ${fields.path} is not forwarded by the web server (only the public routes the pages use are)`)
  }
}

/** A service the web server forwards to did not answer. */
export class ServiceUnavailableError extends VerityError {
  readonly code = 'SERVICE_UNAVAILABLE'
  constructor(readonly fields: { service: string; reason: string }) {
    super(`the ${fields.service} is unreachable: ${fields.reason}`)
  }
}

/** The verifier's files (compiled policy circuit, CRS, verification key) cannot be read. */
export class VerifierAssetsError extends VerityError {
  readonly code = 'VERIFIER_ASSETS_UNAVAILABLE'
  constructor(readonly fields: { reason: string }) {
    super(`the in-browser verifier's files are unavailable: ${fields.reason}`)
  }
}

/** An eth_call through POST /api/evm that names no contract address. */
export class EvmCallTargetError extends VerityError {
  readonly code = 'EVM_CALL_TARGET_INVALID'
  constructor(readonly fields: { reason: string }) {
    super(`eth_call through the web server: ${fields.reason}`)
  }
}

/** HTTP status of each code above, and of the settlement check's refusal (checkEvmCallTarget). */
export const httpStatusByWebCode: Readonly<Record<string, number>> = Object.freeze({
  ROUTE_NOT_FORWARDED: 404,
  SERVICE_UNAVAILABLE: 502,
  BODY_TOO_LARGE: 413,
  VERIFIER_ASSETS_UNAVAILABLE: 503,
  EVM_CALL_TARGET_INVALID: 400,
  // The domain named a contract that is not this version's VeritySettlement: nothing of it is forwarded.
  EVM_SETTLEMENT_CONTRACT_MISMATCH: 409,
  EVM_CONTRACT_NOT_PINNED: 409,
  EVM_UNAVAILABLE: 502,
})
