import type { FastifyInstance } from 'fastify'
import { buildExtractorApp, type BuildExtractorAppOptions } from './http/buildExtractorApp.ts'
import { EXTRACTOR_PORT_DEFAULT } from './limits.ts'

export type StartExtractorOptions = BuildExtractorAppOptions & {
  /** Default 8090. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
}

export type RunningExtractor = {
  app: FastifyInstance
  url: string
  /** base58 of the Ed25519 key its replies are attested with; undefined when it has no key file. */
  key: string | undefined
  close(): Promise<void>
}

/**
 * Builds the extractor app and listens (the `verity extractor` command). Returns its base URL,
 * e.g. `http://127.0.0.1:8090`, which is what an orchestrator's `evidence_extractor_url` takes.
 */
export async function startExtractor(options: StartExtractorOptions = {}): Promise<RunningExtractor> {
  const host = options.host ?? '127.0.0.1'
  let url = ''
  // By default the extractor advertises its own platform profile, known once it listens (port 0 included).
  const ucpAgentProfileUrl = options.ucpAgentProfileUrl ?? (() => `${url}/ucp/platform-profile`)
  const app = await buildExtractorApp({ logLevel: process.env.VERITY_LOG_LEVEL ?? 'info', ...options, ucpAgentProfileUrl })
  await app.listen({ port: options.port ?? EXTRACTOR_PORT_DEFAULT, host })
  const address = app.server.address()
  const port = typeof address === 'object' && address !== null ? address.port : options.port
  url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  return { app, url, key: app.extractorKey, close: () => app.close() }
}
