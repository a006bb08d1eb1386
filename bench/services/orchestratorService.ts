// Child process: an orchestrator with its SQLite store in the given data directory, on loopback,
// with the embedded extractor (demo catalog) and the default policy prover.
// argv[2]: JSON of StartOrchestratorOptions overrides (dataDir required).
import { startOrchestrator, type StartOrchestratorOptions } from '@verity/orchestrator'
import { runChild, tellParent } from '../lib/childSide.ts'

runChild(async () => {
  const overrides = JSON.parse(process.argv[2] ?? '{}') as StartOrchestratorOptions
  const orchestrator = await startOrchestrator({ logLevel: 'warn', ...overrides, port: 0, host: '127.0.0.1' })
  // Measured once the prover is warm, so its start-up does not share the CPU with a timed run.
  await orchestrator.proverWarm
  tellParent({ type: 'ready', url: orchestrator.url })
  return orchestrator
})
