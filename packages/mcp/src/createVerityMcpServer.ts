import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { VERITY_VERSION } from '@verity/core'
import { registerShopPrompt } from './prompts/registerShopPrompt.ts'
import { IntentWatcher } from './resources/IntentWatcher.ts'
import { intentResourceUri, registerVerityResources } from './resources/registerVerityResources.ts'
import { TOOL_INPUT_ELEMENTS_MAX, WATCHED_INTENTS_MAX } from './limits.ts'
import { registerCheckSolutionTool } from './tools/checkSolutionTool.ts'
import { registerGetIntentTool } from './tools/getIntentTool.ts'
import { registerGetProofTool } from './tools/getProofTool.ts'
import { registerGetSdlTool } from './tools/getSdlTool.ts'
import { registerGetVaultTool } from './tools/getVaultTool.ts'
import { registerProposeSolutionTool } from './tools/proposeSolutionTool.ts'
import { registerSearchCatalogTool } from './tools/searchCatalogTool.ts'
import type { ToolDependencies } from './tools/ToolDependencies.ts'
import { registerTransferTool } from './tools/transferTool.ts'
import { registerPayTool } from './tools/payTool.ts'
import { registerCheckoutTool } from './tools/checkoutTool.ts'
import { registerVerifyProofTool } from './tools/verifyProofTool.ts'
import { registerWaitForOutcomeTool } from './tools/waitForOutcomeTool.ts'

/** The server's name and version in the MCP handshake. */
export const SERVER_INFO = Object.freeze({ name: 'verity', title: 'Verity: shop within a signed intent', version: VERITY_VERSION })

const INSTRUCTIONS =
  'Verity lets you act for a user within an intent they signed. Start with get_intent, search with search_catalog, ' +
  'check every candidate with check_solution (a free dry run), propose exactly one passing candidate with propose_solution ' +
  '(an intent has one proposal), then verify_proof. The prompt shop_within_intent walks through it.'

/**
 * One MCP server (one per client session): the ten tools, the intent and template resources with
 * resource-updated notifications, and the shop_within_intent prompt, over `deps`. Connect it to
 * a transport (`serveStdio`, `serveHttp`); closing it stops its intent watcher.
 */
export function createVerityMcpServer(deps: ToolDependencies, log: (error: unknown) => void = () => undefined): McpServer {
  const server = new McpServer(SERVER_INFO, {
    capabilities: { resources: { subscribe: true, listChanged: true }, tools: { listChanged: false }, prompts: { listChanged: false } },
    instructions: INSTRUCTIONS,
    maxToolInputElements: TOOL_INPUT_ELEMENTS_MAX,
  })
  const watcher = new IntentWatcher({
    orchestrator: deps.orchestrator,
    notify: (intentId) => server.server.sendResourceUpdated({ uri: intentResourceUri(intentId) }),
    watchedMax: WATCHED_INTENTS_MAX,
    onError: log,
  })
  for (const register of [
    registerGetIntentTool,
    registerSearchCatalogTool,
    registerCheckSolutionTool,
    registerWaitForOutcomeTool,
    registerGetProofTool,
    registerVerifyProofTool,
    registerGetVaultTool,
    registerTransferTool,
    registerPayTool,
    registerCheckoutTool,
    registerGetSdlTool,
  ])
    register(server, deps)
  registerProposeSolutionTool(server, deps, (intentId) => watcher.changed(intentId))
  registerVerityResources(server, deps.orchestrator, watcher)
  registerShopPrompt(server)
  const closeServer = server.server.onclose
  server.server.onclose = () => {
    watcher.close()
    closeServer?.()
  }
  return server
}
