import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { Ed25519Signer } from '@verity/core'
import { startStack, type RunningStack } from '@verity/cli'
import { OrchestratorClient, signIntent } from '@verity/sdk'

/** The clothing template of the README tour. */
export const CLOTHING_TEMPLATE_PATH = fileURLToPath(new URL('../../../policy/examples/clothing.template', import.meta.url))
/** The `verity` executable (the bin of @verity/cli), for the stdio transport. */
export { VERITY_BIN } from '@verity/cli'

/** The README tour's intent: a t-shirt or a polo, size M (as the demo store spells it), unisex, at most $25.00, in white. */
export const README_INTENT_FIELDS = {
  acceptable_categories: ['t-shirt', 'polo'],
  size: 'Medium (M)',
  audience: 'unisex',
  max_price_cents: 2500,
  acceptable_colors: ['White'],
}

export type McpDevnet = {
  stack: RunningStack
  orchestrator: OrchestratorClient
  templateId: string
  /** Signs and submits a new README intent; returns its id. */
  createIntent(): Promise<string>
  close(): Promise<void>
}

/** The whole devnet in this process on free loopback ports, in a temporary folder, with the clothing template pushed. */
export async function startMcpDevnet(): Promise<McpDevnet> {
  const dataDir = mkdtempSync(join(tmpdir(), 'verity-mcp-'))
  const stack = await startStack({ dataDir, ports: { baseLayer: 0, extractor: 0, orchestrator: 0, domain: 0, store: 0 }, store: true, logLevel: 'silent' })
  const orchestrator = new OrchestratorClient(stack.orchestrator.url)
  const templateId = await orchestrator.submitTemplate(readFileSync(CLOTHING_TEMPLATE_PATH, 'utf8'))
  const user = Ed25519Signer.generate()
  return {
    stack,
    orchestrator,
    templateId,
    async createIntent() {
      const id = randomUUID()
      await orchestrator.submitIntent(signIntent({ id, templateId, fields: README_INTENT_FIELDS, signer: user }))
      return id
    },
    async close() {
      await stack.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Calls a tool and returns its result (errors stay results with `isError`). */
export async function callTool(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult
}

/** The structured content of a successful call; fails the test with the error text otherwise. */
export async function callOk(client: Client, name: string, args: Record<string, unknown>): Promise<Record<string, any>> {
  const result = await callTool(client, name, args)
  if (result.isError === true || result.structuredContent === undefined)
    throw new Error(`${name} failed: ${JSON.stringify(result.content)}`)
  return result.structuredContent as Record<string, any>
}

/** The `{code, message, status?}` of a failed call; fails the test when the call succeeded. */
export async function callError(client: Client, name: string, args: Record<string, unknown>): Promise<{ code: string; message: string; status?: number }> {
  const result = await callTool(client, name, args)
  if (result.isError !== true) throw new Error(`${name} was expected to fail, got ${JSON.stringify(result.structuredContent)}`)
  const first = result.content[0]
  if (first?.type !== 'text') throw new Error(`${name}: error without text`)
  return JSON.parse(first.text) as { code: string; message: string; status?: number }
}
