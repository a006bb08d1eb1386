import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { SubscribeRequestSchema, UnsubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { stringifyJsonBigint } from '@verity/core'
import type { OrchestratorClient } from '@verity/sdk'
import { UnknownResourceError } from '../errors/mcpErrors.ts'
import { readIntentView } from '../intents/readIntentView.ts'
import type { IntentWatcher } from './IntentWatcher.ts'

/** The URI of an intent's resource. */
export const intentResourceUri = (intentId: string) => `verity://intents/${intentId}`
const INTENT_URI = /^verity:\/\/intents\/([0-9A-Za-z-]{1,64})$/

/**
 * Intents and templates as MCP resources: `verity://intents/{intent_id}` (what get_intent returns,
 * JSON) and `verity://templates/{template_id}` (the template's canonical source, text). A client
 * may subscribe to an intent's resource; the watcher then sends resource-updated notifications
 * when its status changes. Neither can be listed: the orchestrator has no listing endpoint.
 */
export function registerVerityResources(server: McpServer, orchestrator: OrchestratorClient, watcher: IntentWatcher): void {
  server.registerResource(
    'intent',
    new ResourceTemplate('verity://intents/{intent_id}', { list: undefined }),
    { title: 'A signed intent', description: 'An intent with its status, parameters and constraints in plain words (as get_intent returns it).', mimeType: 'application/json' },
    async (uri, { intent_id }) => ({
      contents: [{ uri: uri.href, mimeType: 'application/json', text: stringifyJsonBigint(await readIntentView(orchestrator, String(intent_id))) }],
    }),
  )
  server.registerResource(
    'template',
    new ResourceTemplate('verity://templates/{template_id}', { list: undefined }),
    { title: 'A template', description: 'A policy template in canonical form: its intent and evidence fields and its constraints.', mimeType: 'text/plain' },
    async (uri, { template_id }) => ({
      contents: [{ uri: uri.href, mimeType: 'text/plain', text: await orchestrator.getTemplate(String(template_id)) }],
    }),
  )
  server.server.setRequestHandler(SubscribeRequestSchema, async (request) => {
    watcher.watch(intentIdOf(request.params.uri))
    return {}
  })
  server.server.setRequestHandler(UnsubscribeRequestSchema, async (request) => {
    watcher.unwatch(intentIdOf(request.params.uri))
    return {}
  })
}

function intentIdOf(uri: string): string {
  const match = INTENT_URI.exec(uri)
  if (match === null) throw new UnknownResourceError({ uri })
  return match[1]!
}
