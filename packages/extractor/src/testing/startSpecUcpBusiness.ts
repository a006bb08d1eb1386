// A UCP business for tests, written from the UCP 2026-04-08 specification alone (docs/specification/
// overview.md "Business Profile", catalog/rest.md, catalog/mcp.md, catalog/lookup.md "Get Product"
// and the schemas of source/schemas/shopping/), not from Verity's store: it plays an outside
// merchant. A real HTTP server on 127.0.0.1 serving the profile at /.well-known/ucp, the REST
// binding at /api/ucp (POST /api/ucp/catalog/product) and the MCP binding at /api/mcp (JSON-RPC 2.0
// tools/call `get_product`). Its replies are plain JSON objects as the spec's examples show.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { specCheckouts, type SpecCheckoutOptions, type SpecCheckouts } from './specCheckout.ts'
import type { SpecProduct } from './SpecProduct.ts'


export type SpecBusinessOptions = {
  products: SpecProduct[]
  /** Bindings the profile lists (default both, REST first). */
  transports?: readonly ('rest' | 'mcp')[]
  /** The `ucp.version` of the profile and replies (default 2026-04-08). */
  version?: string
  /** `payment_handlers` of the profile (default none: `{}`). */
  paymentHandlers?: Record<string, unknown[]>
  /** Cache-Control of the profile (the spec: public, max-age ≥ 60). */
  profileCacheControl?: string
  /** Also sell: checkout over REST, signed as AP2 asks (specCheckout.ts). */
  checkout?: SpecCheckoutOptions
}

/** One request the business received: what the tests assert on (the UCP-Agent header, the JSON-RPC body). */
export type SpecRequest = { method: string; path: string; ucpAgent: string | undefined; body: unknown }

export type SpecBusiness = {
  url: string
  /** `127.0.0.1:<port>`: the allowance that lets an extractor call this one server. */
  address: string
  requests: SpecRequest[]
  close(): Promise<void>
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers })
  response.end(JSON.stringify(body))
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  return text === '' ? undefined : JSON.parse(text)
}

function profile(base: string, options: SpecBusinessOptions, checkouts: SpecCheckouts | undefined): unknown {
  const version = options.version ?? '2026-04-08'
  const bindings = {
    rest: { version, spec: 'https://ucp.dev/2026-04-08/specification/overview', transport: 'rest', schema: 'https://ucp.dev/2026-04-08/services/shopping/rest.openapi.json', endpoint: `${base}/api/ucp` },
    mcp: { version, spec: 'https://ucp.dev/2026-04-08/specification/overview', transport: 'mcp', schema: 'https://ucp.dev/2026-04-08/services/shopping/mcp.openrpc.json', endpoint: `${base}/api/mcp` },
  }
  return {
    ucp: {
      version,
      services: { 'dev.ucp.shopping': (options.transports ?? ['rest', 'mcp']).map((transport) => bindings[transport]) },
      capabilities: {
        'dev.ucp.shopping.catalog.lookup': [{ version, spec: 'https://ucp.dev/2026-04-08/specification/catalog/lookup', schema: 'https://ucp.dev/2026-04-08/schemas/shopping/catalog_lookup.json' }],
        ...checkouts?.capabilities,
      },
      payment_handlers: options.paymentHandlers ?? {},
    },
    ...(checkouts === undefined ? {} : { signing_keys: checkouts.signingKeys }),
  }
}

/** catalog/lookup.md "Get Product": a variant id puts that variant first; a product id keeps the variants matching `selected`. */
function getProduct(products: SpecProduct[], request: { id?: unknown; selected?: { name: string; label: string }[] }, version: string): unknown {
  const envelope = { version, capabilities: { 'dev.ucp.shopping.catalog.lookup': [{ version }] } }
  for (const product of products) {
    const variant = product.variants.find((candidate) => candidate.id === request.id)
    if (variant !== undefined) return { ucp: envelope, product: { ...product, selected: variant.options ?? [], variants: [variant] } }
    if (product.id === request.id) {
      const selected = request.selected ?? []
      const matching = product.variants.filter((candidate) => selected.every((choice) => candidate.options?.some((option) => option.name === choice.name && option.label === choice.label)))
      return { ucp: envelope, product: { ...product, selected, variants: matching.length > 0 ? matching : [product.variants[0]] } }
    }
  }
  return {
    ucp: { ...envelope, status: 'error' },
    messages: [{ type: 'error', code: 'not_found', content: `Product not found: ${String(request.id)}`, severity: 'unrecoverable' }],
  }
}

function mcpReply(body: any, products: SpecProduct[], version: string): unknown {
  const id = body?.id ?? null
  if (body?.method !== 'tools/call' || body?.params?.name !== 'get_product') return { jsonrpc: '2.0', id, error: { code: -32601, message: 'Method not found' } }
  const args = body.params.arguments ?? {}
  if (typeof args.meta?.['ucp-agent']?.profile !== 'string')
    return { jsonrpc: '2.0', id, error: { code: -32001, message: 'UCP discovery failed', data: { code: 'invalid_profile_url', content: 'meta["ucp-agent"].profile is required' } } }
  const structuredContent = getProduct(products, args.catalog ?? {}, version)
  return { jsonrpc: '2.0', id, result: { structuredContent, content: [{ type: 'text', text: JSON.stringify(structuredContent) }] } }
}

export async function startSpecUcpBusiness(options: SpecBusinessOptions): Promise<SpecBusiness> {
  const requests: SpecRequest[] = []
  const version = options.version ?? '2026-04-08'
  let base = ''
  const checkouts = options.checkout === undefined ? undefined : await specCheckouts(() => base, options.products, options.paymentHandlers ?? {}, options.checkout)
  const server = createServer(async (request, response) => {
    const path = request.url ?? '/'
    const body = request.method === 'POST' || request.method === 'PUT' ? await readJson(request).catch(() => null) : undefined
    const ucpAgent = request.headers['ucp-agent'] as string | undefined
    requests.push({ method: request.method ?? '', path, ucpAgent, body })
    if (request.method === 'GET' && path === '/.well-known/ucp')
      return send(response, 200, profile(base, options, checkouts), { 'cache-control': options.profileCacheControl ?? 'public, max-age=300' })
    if (request.method === 'POST' && path === '/api/ucp/catalog/product') {
      // overview.md "Platform Advertisement on Request": the UCP-Agent header is required over HTTP.
      if (ucpAgent === undefined || !/^profile="[^"]+"$/.test(ucpAgent)) return send(response, 400, { code: 'invalid_profile_url', content: 'UCP-Agent header is required' })
      return send(response, 200, getProduct(options.products, (body ?? {}) as never, version))
    }
    if (request.method === 'POST' && path === '/api/mcp') return send(response, 200, mcpReply(body, options.products, version))
    const checkout = await checkouts?.handle(request.method ?? '', path, body)
    if (checkout !== undefined) return send(response, checkout.status, checkout.body)
    send(response, 404, { code: 'not_found', content: path })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  base = `http://127.0.0.1:${port}`
  return {
    url: base,
    address: `127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
