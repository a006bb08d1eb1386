// Public API of @verity/cli: the `verity` command line as a library, the devnet launcher and test helpers. Re-exports only.
export {
  startStack,
  STACK_PORTS_DEFAULT,
  OPERATOR_GENESIS_BALANCE_PLANCKS,
  DEVNET_ACTIVATION_DELAY_MS,
  type StartStackOptions,
  type RunningStack,
  type StackPorts,
} from './services/startStack.ts'
export { runCli, EXIT_OK, EXIT_FAILURE, EXIT_USAGE } from './runCli.ts'
export { commands } from './commands/index.ts'
export type { Command, CommandContext } from './Command.ts'
export { UsageError } from './UsageError.ts'
export { WaitTimeoutError } from './WaitTimeoutError.ts'
export { freePorts } from './testing/freePorts.ts'
export { runVerity, spawnVerity, verityOk, VERITY_BIN, type VerityRun, type RunVerityOptions } from './testing/runVerity.ts'
export { runCliCaptured, type CapturedRun } from './testing/runCliCaptured.ts'
export * as limits from './limits.ts'
