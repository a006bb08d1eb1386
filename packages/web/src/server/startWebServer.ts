import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import { isVerityError } from '@verity/core'
import { readCrs } from '@verity/prover'
import { assertBindAllowed } from '@verity/server'
import { PROXY_BODY_BYTES_MAX, WEB_PORT_DEFAULT } from '../limits.ts'
import { forwardRequest } from './forwardRequest.ts'
import { loadVerifierAssets, type VerifierAssets } from './loadVerifierAssets.ts'
import { findProxyRoute, readOnlyRpcRequest, RPC_READ_METHODS, type ProxiedService } from './proxyRoutes.ts'
import { readTemplateCatalog } from './readTemplateCatalog.ts'
import { createSpellingsReader, type SpellingsAnswer } from './readSpellings.ts'
import { SECURITY_HEADERS } from './securityHeaders.ts'
import { serveStatic } from './serveStatic.ts'
import { readBodyBounded } from '@verity/core'
import { checkEvmCallTarget } from './checkEvmCallTarget.ts'
import { httpStatusByWebCode, RouteNotForwardedError } from './webErrors.ts'

/** The Vite build of the pages (npm ci runs `npm run build -w packages/web`). */
export const WEB_DIST_DIR = fileURLToPath(new URL('../../dist', import.meta.url))
/** Templates the wallet offers by default: the template language's examples. */
export const WEB_TEMPLATES_DIR_DEFAULT = fileURLToPath(new URL('../../../policy/examples', import.meta.url))

export type WebServerOptions = {
  /** Default WEB_PORT_DEFAULT (8000); 0 picks a free port. */
  port?: number
  /** Default 127.0.0.1. The server holds no secret, but it relays to services: a non-loopback host must be asked for with `allowNonLoopback`. */
  host?: string
  allowNonLoopback?: boolean
  /** Base URLs of the services whose public routes the pages use (proxyRoutes.ts). */
  orchestratorUrl: string
  domainUrl: string
  baseLayerUrl: string
  /** JSON-RPC URL of the EVM chain an EVM-settled domain settles on: the explorer reads the VeritySettlement root there (EVM_READ_METHODS only). */
  evmRpcUrl?: string
  /** The VeritySettlement contract the explorer may read there (an eth_call to any other is refused, EVM_CONTRACT_NOT_PINNED); without it, any genuine VeritySettlement. */
  evmContract?: string
  /** Folder of `.template` files the wallet offers (default: packages/policy/examples). */
  templatesDir?: string
  /** CRS folder the in-browser verifier uses (default: VERITY_CRS_PATH, else the build's dev CRS). */
  crsPath?: string
  /** The built pages (default WEB_DIST_DIR). */
  distDir?: string
  /** The UCP business whose catalog says how values are spelled (`GET /api/spellings`, the wallet's warnings); none: not checked. */
  businessUrl?: string
}

export type RunningWebServer = { url: string; port: number; close(): Promise<void> }

/**
 * Starts the web app's server: the pages (/, /intents/{id}, /explorer), a proxy to the public
 * routes of the orchestrator, domain and base layer (so the pages need no CORS), the template
 * catalog and the verifier's files. Every answer carries SECURITY_HEADERS.
 * @example const web = await startWebServer({ port: 8000, orchestratorUrl, domainUrl, baseLayerUrl })
 */
export async function startWebServer(options: WebServerOptions): Promise<RunningWebServer> {
  const host = options.host ?? '127.0.0.1'
  assertBindAllowed({ service: 'web', host, tokenCount: options.allowNonLoopback === true ? 1 : 0 })
  // Fail closed before binding: the CRS the in-browser verifier's files are read from (CRS_INVALID),
  // the same directory loadVerifierAssets reads on the first request.
  readCrs(options.crsPath ?? process.env.VERITY_CRS_PATH)
  const targets: Partial<Record<ProxiedService, string>> = {
    orchestrator: trimSlash(options.orchestratorUrl),
    domain: trimSlash(options.domainUrl),
    'base-layer': trimSlash(options.baseLayerUrl),
    ...(options.evmRpcUrl === undefined ? {} : { evm: trimSlash(options.evmRpcUrl) }),
  }
  const context: RequestContext = {
    targets,
    distDir: options.distDir ?? WEB_DIST_DIR,
    templatesDir: options.templatesDir ?? WEB_TEMPLATES_DIR_DEFAULT,
    verifierAssets: undefined,
    crsPath: options.crsPath,
    evmContract: options.evmContract,
    spellings: createSpellingsReader(options.businessUrl === undefined ? undefined : trimSlash(options.businessUrl)),
  }
  const server = createServer((request, response) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) response.setHeader(name, value)
    handleRequest(context, request, response).catch((error: unknown) => sendError(response, error))
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? WEB_PORT_DEFAULT, host, resolve)
  })
  const port = (server.address() as AddressInfo).port
  const urlHost = host === '127.0.0.1' || host === '::1' ? 'localhost' : host
  return {
    // WebAuthn needs a host name: localhost, not 127.0.0.1.
    url: `http://${urlHost}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}

type RequestContext = {
  targets: Partial<Record<ProxiedService, string>>
  distDir: string
  templatesDir: string
  crsPath: string | undefined
  verifierAssets: Promise<VerifierAssets> | undefined
  evmContract: string | undefined
  spellings: (fields: string | null) => Promise<SpellingsAnswer>
}

async function handleRequest(context: RequestContext, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://localhost')
  const method = request.method ?? 'GET'
  const proxied = /^\/api\/(orchestrator|domain|base-layer|evm)(\/.*)?$/.exec(url.pathname)
  if (proxied) return proxy(context, request, response, { service: proxied[1] as ProxiedService, path: proxied[2] ?? '/', query: url.search })
  if (method === 'GET' && url.pathname === '/api/templates') return sendJson(response, 200, readTemplateCatalog(context.templatesDir))
  if (method === 'GET' && url.pathname === '/api/spellings') return sendJson(response, 200, await context.spellings(url.searchParams.get('fields')))
  if (method === 'GET' && url.pathname === '/api/verifier/policy') {
    context.verifierAssets ??= loadVerifierAssets(context.crsPath)
    context.verifierAssets.catch(() => (context.verifierAssets = undefined))
    return sendJson(response, 200, await context.verifierAssets)
  }
  if ((method === 'GET' || method === 'HEAD') && serveStatic(response, context.distDir, url.pathname)) return
  sendJson(response, 404, { code: 'NOT_FOUND', message: `nothing at ${url.pathname}` })
}

async function proxy(
  context: RequestContext,
  request: IncomingMessage,
  response: ServerResponse,
  target: { service: ProxiedService; path: string; query: string },
): Promise<void> {
  const method = request.method ?? 'GET'
  const route = findProxyRoute(target.service, method, target.path)
  const baseUrl = context.targets[target.service]
  if (route === undefined || baseUrl === undefined) throw new RouteNotForwardedError({ method, path: `/api/${target.service}${target.path}` })
  const body = method === 'POST' ? await readBody(request) : undefined
  const rpcMethods = RPC_READ_METHODS[target.service]
  if (rpcMethods !== undefined) {
    const rpc = body === undefined ? undefined : readOnlyRpcRequest(body, rpcMethods)
    if (rpc === undefined) throw new RouteNotForwardedError({ method: 'JSON-RPC', path: `a ${target.service} method other than ${rpcMethods.join(', ')}` })
    if (target.service === 'evm') await checkEvmCallTarget(baseUrl, rpc, context.evmContract)
  }
  await forwardRequest(request, response, { route, baseUrl, pathAndQuery: `${target.path}${target.query}`, body })
}

/** The request body, at most PROXY_BODY_BYTES_MAX bytes (BodyTooLargeError beyond: reading stops there). */
async function readBody(request: IncomingMessage): Promise<Uint8Array> {
  return readBodyBounded(request, { bytesMax: PROXY_BODY_BYTES_MAX })
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  response.end(JSON.stringify(value))
}

// Typed failures keep their code and message; anything else is a bug: logged, answered a plain 500.
function sendError(response: ServerResponse, error: unknown): void {
  if (response.headersSent) return void response.destroy()
  if (isVerityError(error)) return sendJson(response, httpStatusByWebCode[error.code] ?? 400, { code: error.code, message: error.message })
  console.error('web server: internal error', error)
  sendJson(response, 500, { message: 'internal error' })
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '')
}
