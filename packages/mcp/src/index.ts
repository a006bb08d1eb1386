// Public API of @verity/mcp. Re-exports only.
export { createVerityMcpServer, SERVER_INFO } from './createVerityMcpServer.ts'
export { createToolDependencies } from './createToolDependencies.ts'
export { serveStdio } from './transports/serveStdio.ts'
export { parseAllowedOrigins } from './transports/originPolicy.ts'
export { serveHttp, type ServeHttpOptions, type RunningMcpHttp } from './transports/serveHttp.ts'
export { MCP_LIMITS_DEFAULT, type VerityMcpOptions } from './VerityMcpOptions.ts'
export type { ToolDependencies, McpLimits } from './tools/ToolDependencies.ts'
export { describeToolError, type ToolError } from './tools/toolResult.ts'
export { shopWithinIntentText } from './prompts/registerShopPrompt.ts'
export {
  ToolOutputTooLargeError,
  AgentKeyMissingError,
  ProofSourceError,
  OutcomeEventMissingError,
  RemoteBindRefusedError,
  InvalidToolArgumentsError,
  TooManyWatchedIntentsError,
  UnknownResourceError,
  AllowedOriginInvalidError,
  OriginRefusedError,
  EvmChainMismatchError,
} from './errors/mcpErrors.ts'
export * as limits from './limits.ts'
