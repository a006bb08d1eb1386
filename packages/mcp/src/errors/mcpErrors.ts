import { VerityError } from '@verity/core'

/** A tool's result is larger than the output limit; the agent should narrow its request. */
export class ToolOutputTooLargeError extends VerityError {
  readonly code = 'TOOL_OUTPUT_TOO_LARGE'
  constructor(readonly fields: { tool: string; bytes: number; bytesMax: number; hint: string }) {
    super(`the result of ${fields.tool} is ${fields.bytes} bytes, more than the limit of ${fields.bytesMax}; ${fields.hint}`)
  }
}

/** `transfer` was called on a server started without an agent key file (`verity mcp --key FILE`). */
export class AgentKeyMissingError extends VerityError {
  readonly code = 'AGENT_KEY_MISSING'
  constructor() {
    super('this MCP server has no agent key, so it cannot sign transfers; start it with `verity mcp --key FILE`')
  }
}

/** verify_proof was given neither an intent id nor a proof bundle, or both. */
export class ProofSourceError extends VerityError {
  readonly code = 'PROOF_SOURCE_INVALID'
  constructor() {
    super('give exactly one of intent_id (the proof is fetched from the orchestrator) and proof (a bundle as get_proof returns it)')
  }
}

/** The intent's outcome event was not found among the events the orchestrator still retains. */
export class OutcomeEventMissingError extends VerityError {
  readonly code = 'OUTCOME_EVENT_MISSING'
  constructor(readonly fields: { intentId: string; status: string }) {
    super(`intent ${fields.intentId} is ${fields.status}, but its event is no longer retained by the orchestrator`)
  }
}

/** A `verity mcp --http` listener would not be on a loopback address and --allow-remote was not given. */
export class RemoteBindRefusedError extends VerityError {
  readonly code = 'REMOTE_BIND_REFUSED'
  constructor(readonly fields: { host: string }) {
    super(`refusing to serve MCP on ${fields.host}: not a loopback address (pass --allow-remote to mean it)`)
  }
}

/** A tool's arguments passed their schema but do not make sense together (e.g. both `amount` and `nfts`). */
export class InvalidToolArgumentsError extends VerityError {
  readonly code = 'INVALID_ARGUMENTS'
  constructor(readonly fields: { reason: string }) {
    super(fields.reason)
  }
}

/** resources/subscribe past the limit of watched intents (WATCHED_INTENTS_MAX). */
export class TooManyWatchedIntentsError extends VerityError {
  readonly code = 'TOO_MANY_WATCHED_INTENTS'
  constructor(readonly fields: { watchedMax: number }) {
    super(`this server already watches ${fields.watchedMax} intents, its limit; unsubscribe from some first`)
  }
}

/** A resource URI this server does not serve. */
export class UnknownResourceError extends VerityError {
  readonly code = 'UNKNOWN_RESOURCE'
  constructor(readonly fields: { uri: string }) {
    super(`unknown resource ${fields.uri}: expected verity://intents/{intent_id} or verity://templates/{template_id}`)
  }
}

/** `verity mcp --http` was asked to allow an origin that is not one (`--allowed-origins`). */
export class AllowedOriginInvalidError extends VerityError {
  readonly code = 'ALLOWED_ORIGIN_INVALID'
  constructor(readonly fields: { origin: string; reason: string }) {
    super(`--allowed-origins: ${fields.origin}: ${fields.reason}`)
  }
}

/** A request to `verity mcp --http` came from a web page whose origin is neither the server's own nor listed. */
export class OriginRefusedError extends VerityError {
  readonly code = 'ORIGIN_REFUSED'
  constructor(readonly fields: { origin: string }) {
    super(`requests from origin ${fields.origin} are refused: only the server's own origins and those of --allowed-origins may call it`)
  }
}

/** get_vault's finalized view: the EVM node at `--rpc` is another chain than the one the domain settles on. */
export class EvmChainMismatchError extends VerityError {
  readonly code = 'EVM_CHAIN_MISMATCH'
  constructor(readonly fields: { rpcUrl: string; nodeChainId: number; domainChainId: number }) {
    super(`the EVM node at ${fields.rpcUrl} is chain ${fields.nodeChainId}; the domain settles on chain ${fields.domainChainId} (start the MCP server with --rpc naming that chain's JSON-RPC URL)`)
  }
}
