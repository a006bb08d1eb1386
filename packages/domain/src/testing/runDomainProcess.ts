// A domain in its own process, for the kill -9 tests: `node --import tsx runDomainProcess.ts '<DomainConfig JSON>'`.
// Prints `READY <url>` once listening.
import type { DomainConfig } from '../config/DomainConfig.ts'
import { startDomain } from '../startup/startDomain.ts'

const config = JSON.parse(process.argv[2]!) as DomainConfig
const running = await startDomain({ config, env: {}, logLevel: 'silent' })
process.stdout.write(`READY ${running.url}\n`)
