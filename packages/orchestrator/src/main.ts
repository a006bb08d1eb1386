import { isVerityError, VERITY_VERSION } from '@verity/core'
import { readOrchestratorSettings } from './config/readOrchestratorSettings.ts'
import { startOrchestrator, type RunningOrchestrator } from './startOrchestrator.ts'

// `node --import tsx packages/orchestrator/src/main.ts [--port N] [--data-dir DIR] ...`
// (the SDK's `verity orchestrator` does the same through startOrchestrator).
// SIGTERM/SIGINT drain: no new requests, running proposal jobs finish and are stored, then exit 0.
// Queued proposals stay in the store and resume on the next start. A second signal ends at once.
// The handlers are installed before the start, so a signal during it (CRS check, store, migrations)
// ends it too; a start that fails (a tampered CRS: CRS_INVALID) exits 1 with one line.
const controller = new AbortController()
let orchestrator: RunningOrchestrator | undefined
const stop = () => {
  controller.abort()
  orchestrator?.close().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`orchestrator: stopping failed: ${error instanceof Error ? error.message : String(error)}\n`)
      process.exit(1)
    },
  )
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
try {
  const settings = readOrchestratorSettings(process.argv.slice(2), process.env, (line) => process.stderr.write(`warning: ${line}\n`))
  orchestrator = await startOrchestrator({ ...settings, signal: controller.signal })
  // A signal that came as the start ended found nothing to close: close it now.
  if (controller.signal.aborted) await orchestrator.close().finally(() => process.exit(0))
  process.stdout.write(`orchestrator listening on ${orchestrator.url} (Verity ${VERITY_VERSION}, prover: ${orchestrator.proverBackend} Barretenberg)\n`)
} catch (error) {
  if (controller.signal.aborted) process.exit(0)
  if (!isVerityError(error)) throw error
  process.stderr.write(`error: ${error.message}\n`)
  process.exit(1)
}
