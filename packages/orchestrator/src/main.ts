import { readOrchestratorSettings } from './config/readOrchestratorSettings.ts'
import { startOrchestrator } from './startOrchestrator.ts'

// `node --import tsx packages/orchestrator/src/main.ts [--port N] [--data-dir DIR] ...`
// (the SDK's `verity orchestrator` does the same through startOrchestrator).
const settings = readOrchestratorSettings(process.argv.slice(2), process.env)
const orchestrator = await startOrchestrator(settings)
process.stdout.write(`orchestrator listening on ${orchestrator.url}\n`)
const stop = () => {
  void orchestrator.close().then(() => process.exit(0))
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
