// MCP server: what a tool call costs over the plain SDK call it wraps. check_solution (the
// agent's preflight: extract evidence, evaluate the constraints, no proof) against
// OrchestratorClient.checkProposal with the same proposal, sequentially, on one orchestrator (a
// child process, embedded extractor). Through `verity mcp` over stdio (a child process, the
// default transport), over Streamable HTTP (in this process, as a second loopback hop), and
// linked in memory in this process (the server's own cost, without any transport).
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { Ed25519Signer } from '@verity/core'
import { createToolDependencies, createVerityMcpServer, serveHttp } from '@verity/mcp'
import { OrchestratorClient, signIntent } from '@verity/sdk'
import { CLOTHING_FIELDS, CLOTHING_TEMPLATE } from './lib/benchTemplates.ts'
import type { BenchSettings } from './lib/benchSettings.ts'
import { startChild } from './lib/startChild.ts'
import { nowMs, percentile } from './lib/stats.ts'

export type McpToolCallsResult = {
  /** Timed calls per path (after WARMUP_CALLS untimed ones). */
  calls: number
  sdkP50Ms: number
  sdkP95Ms: number
  stdioP50Ms: number
  stdioP95Ms: number
  httpP50Ms: number
  httpP95Ms: number
  /** The server's own cost: client and server in this process, linked in memory (no pipe, no HTTP). */
  inMemoryP50Ms: number
  inMemoryP95Ms: number
}

const WARMUP_CALLS = 20
const VERITY_BIN = fileURLToPath(new URL('../packages/cli/bin/verity.mjs', import.meta.url))
const PROPOSAL = { solution: 'catalog:tee-classic-white-m', metadata: null }

export async function measureMcpToolCalls(settings: BenchSettings): Promise<McpToolCallsResult> {
  const dir = mkdtempSync(join(tmpdir(), 'verity-bench-mcp-'))
  const orchestratorChild = startChild('services/orchestratorService.ts', [JSON.stringify({ dataDir: dir })])
  const clients: Client[] = []
  let closeHttp = async () => undefined as void
  try {
    const { url } = await orchestratorChild.receive<{ type: string; url: string }>('ready', 120_000)
    const orchestrator = new OrchestratorClient(url)
    const templateId = await orchestrator.submitTemplate(CLOTHING_TEMPLATE)
    const intentId = randomUUID()
    await orchestrator.submitIntent(signIntent({ id: intentId, templateId, fields: CLOTHING_FIELDS, signer: Ed25519Signer.generate() }))

    const stdio = new Client({ name: 'bench', version: '1.0.0' })
    clients.push(stdio)
    await stdio.connect(new StdioClientTransport({ command: process.execPath, args: [VERITY_BIN, 'mcp', '--orchestrator', url, '--domain', url], stderr: 'ignore' }))
    const http = await serveHttp({ port: 0, orchestratorUrl: url, domainUrl: url })
    closeHttp = http.close
    const httpClient = new Client({ name: 'bench', version: '1.0.0' })
    clients.push(httpClient)
    await httpClient.connect(new StreamableHTTPClientTransport(new URL(http.url)))

    const memory = new Client({ name: 'bench', version: '1.0.0' })
    clients.push(memory)
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
    await createVerityMcpServer(createToolDependencies({ orchestratorUrl: url, domainUrl: url }).deps).connect(serverSide)
    await memory.connect(clientSide)

    const args = { intent_id: intentId, ...PROPOSAL }
    const viaTool = (client: Client) => async () => {
      const result = await client.callTool({ name: 'check_solution', arguments: args })
      if (result.isError === true || (result.structuredContent as { ok?: boolean } | undefined)?.ok !== true) throw new Error(`check_solution: ${JSON.stringify(result.content)}`)
    }
    const viaSdk = async () => {
      if (!(await orchestrator.checkProposal(intentId, PROPOSAL)).ok) throw new Error('checkProposal did not pass')
    }
    const calls = settings.mcpCalls
    // Interleaved, one call of each path per round, so a change of load on the shared machine
    // weighs on all three alike.
    const [sdk = [], stdioMs = [], httpMs = [], memoryMs = []] = await timeInterleaved([viaSdk, viaTool(stdio), viaTool(httpClient), viaTool(memory)], calls)
    return {
      calls,
      sdkP50Ms: percentile(sdk, 50),
      sdkP95Ms: percentile(sdk, 95),
      stdioP50Ms: percentile(stdioMs, 50),
      stdioP95Ms: percentile(stdioMs, 95),
      httpP50Ms: percentile(httpMs, 50),
      httpP95Ms: percentile(httpMs, 95),
      inMemoryP50Ms: percentile(memoryMs, 50),
      inMemoryP95Ms: percentile(memoryMs, 95),
    }
  } finally {
    for (const client of clients) await client.close().catch(() => undefined)
    await closeHttp()
    await orchestratorChild.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Runs each call WARMUP_CALLS times untimed, then `rounds` rounds of one timed call each, in turn; returns the durations in ms per call. */
async function timeInterleaved(calls: ReadonlyArray<() => Promise<void>>, rounds: number): Promise<number[][]> {
  for (const call of calls) for (let index = 0; index < WARMUP_CALLS; index++) await call()
  const samples = calls.map(() => [] as number[])
  for (let round = 0; round < rounds; round++)
    for (const [index, call] of calls.entries()) {
      const startMs = nowMs()
      await call()
      samples[index]!.push(nowMs() - startMs)
    }
  return samples
}
