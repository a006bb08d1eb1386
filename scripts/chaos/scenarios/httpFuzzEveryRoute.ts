// Property-based HTTP fuzzing of every route of every service, from the service's own
// /openapi.json: well-formed requests drawn from the schemas and hostile variants (wrong types,
// huge and malformed bodies, wrong content types, odd methods including HEAD and OPTIONS, broken
// path and query parameters, missing or wrong operator tokens). No 5xx, no hang, and each service
// still answers afterwards. The seed is printed; the same seed draws the same requests.
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import { join } from 'node:path'
import { Ed25519Signer } from '@verity/core'
import type { ChaosScenario } from '../ChaosScenario.ts'
import type { ChaosContext } from '../lib/ChaosContext.ts'
import { writeDomainYaml } from '../lib/domainFixture.ts'
import { ServiceClient } from '../lib/ServiceClient.ts'
import type { ServiceProcess } from '../lib/ServiceProcess.ts'
import { createFuzzTally, fuzzService } from '../fuzz/fuzzService.ts'
import type { OpenApiDocument } from '../fuzz/openApiOperations.ts'

/** How often the orchestrator's readiness is polled before the fuzzing, in ms. */
const READY_POLL_MS = 250

/** A read each service must still answer with 200 after the fuzzing. */
const HEALTH_PATHS: Record<string, string> = { orchestrator: '/config', domain: '/sdls', 'base-layer': '/health', extractor: '/openapi.json' }

export const httpFuzzEveryRoute: ChaosScenario = {
  name: 'http-fuzz-every-route',
  promise: 'no request, well-formed or hostile, gets a 5xx or no answer; every service still answers afterwards',
  budgetMs: (settings) => settings.httpFuzz.budgetMs,
  async run(context) {
    const { runsPerOperation, hostileRunsPerOperation, requestTimeoutMs } = context.settings.httpFuzz
    const services = await startAll(context)
    // GET /readyz answers 503 while the orchestrator's prover warms up, as documented: fuzz the ready service.
    for (const service of services) if (service.kind === 'orchestrator') await waitUntilReady(context, new ServiceClient(service.url, context.authHeaders))
    const tally = createFuzzTally()
    for (const service of services) {
      const client = new ServiceClient(service.url, context.authHeaders)
      const document = (await client.getOk('/openapi.json')) as OpenApiDocument
      await fuzzService({
        service: service.kind,
        baseUrl: service.url,
        document,
        authHeaders: context.authHeaders,
        seed: context.seed,
        runs: runsPerOperation,
        hostileRuns: hostileRunsPerOperation,
        timeoutMs: requestTimeoutMs,
        tally,
        checkDeadline: () => context.deadline.check(),
      })
      assert.ok(service.isRunning(), `${service.kind} exited during the fuzzing:\n${service.output()}`)
      assert.equal((await client.get(HEALTH_PATHS[service.kind]!)).status, 200, `${service.kind} no longer answers GET ${HEALTH_PATHS[service.kind]}`)
    }
    context.figures.set('fuzz seed', context.seed)
    context.figures.set('requests sent', tally.requests)
    context.figures.set('replies by status class', JSON.stringify(tally.byStatusClass))
    context.figures.set('requests not sent (body named a non-loopback URL)', tally.skippedOutbound)
    context.figures.set('4xx without a {message} body (examples logged)', tally.unexplained4xx.length)
    for (const example of tally.unexplained4xx.slice(0, 5)) context.log(`4xx without a message: ${example}`)
    const distinct = new Map(tally.findings.map((finding) => [`${finding.service} ${finding.operation} ${finding.problem.slice(0, 60)}`, finding]))
    assert.equal(distinct.size, 0, `${tally.findings.length} request(s) got a 5xx, a hang or a dropped connection (seed ${context.seed}):\n${[...distinct.values()].map((f) => `- ${f.service} ${f.operation}: ${f.problem}\n    ${f.request}`).join('\n')}`)
  },
}

/** Polls GET /readyz until it answers 200, within the scenario's deadline. */
async function waitUntilReady(context: ChaosContext, client: ServiceClient): Promise<void> {
  while ((await client.get('/readyz')).status !== 200) {
    context.deadline.check()
    await sleep(READY_POLL_MS)
  }
}

async function startAll(context: ChaosContext): Promise<ServiceProcess[]> {
  const dir = context.makeTempDir('fuzz')
  const operator = Ed25519Signer.generate()
  const genesisPath = join(dir, 'genesis.json')
  writeFileSync(genesisPath, JSON.stringify({ accounts: [{ pub_key: operator.publicKeyBase58, balance: 1_000_000 }], agreement_activation_delay_ms: 200 }))
  const domainConfig = writeDomainYaml(dir, { shard: 1, port: 0 })
  return Promise.all([
    context.startService({ kind: 'orchestrator', args: ['--port', '0', '--data-dir', join(dir, 'orchestrator')] }),
    context.startService({ kind: 'domain', args: ['--config', domainConfig] }),
    context.startService({ kind: 'base-layer', args: ['--port', '0', '--data-dir', join(dir, 'base-layer'), '--genesis', genesisPath] }),
    context.startService({ kind: 'extractor', args: ['--port', '0', '--host', '127.0.0.1'] }),
  ])
}
