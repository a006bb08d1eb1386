// A proving worker in its own process, for tests: `node --import tsx runProvingWorkerProcess.ts '<DomainConfig JSON>'`.
// Prints `READY <holder>` once it is claiming.
import type { DomainConfig } from '../config/DomainConfig.ts'
import { startProvingWorker } from '../workers/startProvingWorker.ts'

const config = JSON.parse(process.argv[2]!) as DomainConfig
const running = await startProvingWorker({ config, env: {}, logLevel: 'silent', pollIntervalMs: 100 })
process.stdout.write(`READY ${running.holder}\n`)
