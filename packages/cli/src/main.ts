// Entry point of the `verity` command line: dispatches to the command table.
import { commands } from './commands/index.ts'
import { CLI_EXIT_AFTER_RUN_MS_MAX } from './limits.ts'
import { runCli } from './runCli.ts'

// Installed before any command runs, so Ctrl-C and SIGTERM reach a service at every stage of its
// start (runService). A second signal has no handler left: it ends the process at once.
const controller = new AbortController()
process.once('SIGINT', () => controller.abort())
process.once('SIGTERM', () => controller.abort())
const code = await runCli(commands, process.argv.slice(2), controller.signal)
process.exitCode = code
// The command has returned: nothing it left open (a refused start's worker or socket) may keep the
// process alive, or a service that refused to start would neither exit nor listen.
setTimeout(() => process.exit(code), CLI_EXIT_AFTER_RUN_MS_MAX).unref()
