import { VERITY_VERSION } from '@verity/core'
import { readOrchestratorSettings } from './config/readOrchestratorSettings.ts'
import { startOrchestrator } from './startOrchestrator.ts'

// `node --import tsx packages/orchestrator/src/main.ts [--port N] [--data-dir DIR] ...`
// (the SDK's `verity orchestrator` does the same through startOrchestrator).
const settings = readOrchestratorSettings(process.argv.slice(2), process.env, (line) => process.stderr.write(`warning: ${line}\n`))
const orchestrator = await startOrchestrator(settings)
process.stdout.write(`orchestrator listening on ${orchestrator.url} (Verity ${VERITY_VERSION}, prover: ${orchestrator.proverBackend} Barretenberg)\n`)
// SIGTERM/SIGINT drain: no new requests, running proposal jobs finish and are stored, then exit 0.
// Queued proposals stay in the store and resume on the next start. A second signal ends at once.
const stop = () => {
  orchestrator.close().then(
    () => process.exit(0),
    (error: unknown) => {
      process.stderr.write(`orchestrator: stopping failed: ${error instanceof Error ? error.message : String(error)}\n`)
      process.exit(1)
    },
  )
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
