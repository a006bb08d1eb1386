import { BASE_LAYER_READ_METHODS } from '../limits.ts'

/** The services the web server forwards to. */
export type ProxiedService = 'orchestrator' | 'domain' | 'base-layer'

/** One route the pages need: method and path pattern on the service. */
export type ProxyRoute = Readonly<{ service: ProxiedService; method: 'GET' | 'POST'; path: RegExp; isStream?: boolean }>

const SEGMENT = '[A-Za-z0-9._~%-]{1,128}'

/**
 * The only routes the web server forwards: what the wallet, the intent page and the explorer
 * read or create. Operator routes (PUT /config, DELETE /templates, the domain's /intents/submit
 * and /sdls mutations, signed base-layer methods) are not here, so the page can never reach
 * them; proposals are an agent's business, not the page's. Authorization headers are never
 * forwarded either (forwardRequest.ts).
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
  { service: 'domain', method: 'GET', path: /^\/sdls$/ },
  { service: 'domain', method: 'GET', path: new RegExp(`^/sdls/${SEGMENT}$`) },
  // JSON-RPC: the body's method must be one of BASE_LAYER_READ_METHODS (checked by isReadOnlyRpc).
  { service: 'base-layer', method: 'POST', path: /^\/$/ },
])

/** Where `/api/<service><path>` goes: the route, or undefined when it is not forwarded. */
export function findProxyRoute(service: string, method: string, path: string): ProxyRoute | undefined {
  return PROXY_ROUTES.find((route) => route.service === service && route.method === method && route.path.test(path))
}

/** True when a JSON-RPC body (one request, not a batch) calls a read-only base-layer method. */
export function isReadOnlyRpc(body: Uint8Array): boolean {
  let request: unknown
  try {
    request = JSON.parse(new TextDecoder().decode(body))
  } catch {
    return false
  }
  if (typeof request !== 'object' || request === null || Array.isArray(request)) return false
  const method = (request as { method?: unknown }).method
  return typeof method === 'string' && BASE_LAYER_READ_METHODS.includes(method)
}
