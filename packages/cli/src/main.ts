// Entry point of the `verity` command line: dispatches to the command table.
import { commands } from './commands/index.ts'
import { runCli } from './runCli.ts'

const controller = new AbortController()
process.once('SIGINT', () => controller.abort())
process.once('SIGTERM', () => controller.abort())
const code = await runCli(commands, process.argv.slice(2), controller.signal)
process.exitCode = code
