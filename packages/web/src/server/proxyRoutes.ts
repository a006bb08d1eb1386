import { BASE_LAYER_READ_METHODS, EVM_READ_METHODS } from '../limits.ts'

/** The services the web server forwards to. */
export type ProxiedService = 'orchestrator' | 'domain' | 'base-layer' | 'evm'

/** One route the pages need: method and path pattern on the service. */
export type ProxyRoute = Readonly<{ service: ProxiedService; method: 'GET' | 'POST'; path: RegExp; isStream?: boolean }>

const SEGMENT = '[A-Za-z0-9._~%-]{1,128}'

/**
 * The only routes the web server forwards: what the wallet, the intent page and the explorer
 * read or create. Operator routes (PUT /config, DELETE /templates, the domain's /intents/submit
 * and /sdls mutations, signed base-layer methods) are not here, so the page can never reach
 * them; proposals are an agent's business, not the page's. Authorization headers are never
 * forwarded either (forwardRequest.ts). Nothing at a store is forwarded: a checkout session and
 * its order (the buyer's name and address) answer only to the platform that opened them, signed
 * (docs/ucp.md, "Who may act on a session"), and the server must not read them for anyone.
 */
export const PROXY_ROUTES: readonly ProxyRoute[] = Object.freeze([
  { service: 'orchestrator', method: 'GET', path: /^\/config$/ },
  { service: 'orchestrator', method: 'POST', path: /^\/templates$/ },
  { service: 'orchestrator', method: 'POST', path: /^\/templates\/validate$/ },
  { service: 'orchestrator', method: 'GET', path: new RegExp(`^/templates/${SEGMENT}$`) },
  { service: 'orchestrator', method: 'POST', path: /^\/intents$/ },
  { service: 'orchestrator', method: 'GET', path: new RegExp(`^/intents/${SEGMENT}$`) },
  { service: 'orchestrator', method: 'GET', path: new RegExp(`^/intents/${SEGMENT}/status$`) },
  { service: 'orchestrator', method: 'GET', path: new RegExp(`^/proofs/${SEGMENT}$`) },
  { service: 'orchestrator', method: 'GET', path: /^\/events$/, isStream: true },
  { service: 'domain', method: 'GET', path: new RegExp(`^/vaults/${SEGMENT}$`) },
  { service: 'domain', method: 'GET', path: new RegExp(`^/vaults/${SEGMENT}/nonce$`) },
  { service: 'domain', method: 'GET', path: new RegExp(`^/vaults/${SEGMENT}/finalized$`) },
  { service: 'domain', method: 'GET', path: /^\/sdls$/ },
  { service: 'domain', method: 'GET', path: new RegExp(`^/sdls/${SEGMENT}$`) },
  { service: 'domain', method: 'GET', path: /^\/payments$/ },
  // JSON-RPC: the body's method must be one of BASE_LAYER_READ_METHODS (checked by readOnlyRpcRequest).
  { service: 'base-layer', method: 'POST', path: /^\/$/ },
  // The chain an EVM-settled domain settles on (when the server knows it): EVM_READ_METHODS only (readOnlyRpcRequest).
  { service: 'evm', method: 'POST', path: /^\/$/ },
])

/** Where `/api/<service><path>` goes: the route, or undefined when it is not forwarded. */
/** The read-only JSON-RPC methods forwarded to a JSON-RPC service. */
export const RPC_READ_METHODS: Readonly<Partial<Record<ProxiedService, readonly string[]>>> = Object.freeze({ 'base-layer': BASE_LAYER_READ_METHODS, evm: EVM_READ_METHODS })

export function findProxyRoute(service: string, method: string, path: string): ProxyRoute | undefined {
  return PROXY_ROUTES.find((route) => route.service === service && route.method === method && route.path.test(path))
}

/** A JSON-RPC request as the proxy reads it: its method and parameters. */
export type RpcRequest = { method: string; params?: unknown }

/**
 * The request of a JSON-RPC body (one request, not a batch) that calls one of `methods` (default:
 * the read-only base-layer methods); undefined for anything else.
 */
export function readOnlyRpcRequest(body: Uint8Array, methods: readonly string[] = BASE_LAYER_READ_METHODS): RpcRequest | undefined {
  let request: unknown
  try {
    request = JSON.parse(new TextDecoder().decode(body))
  } catch {
    return undefined
  }
  if (typeof request !== 'object' || request === null || Array.isArray(request)) return undefined
  const method = (request as { method?: unknown }).method
  return typeof method === 'string' && methods.includes(method) ? (request as RpcRequest) : undefined
}
