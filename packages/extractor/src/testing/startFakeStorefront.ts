// A storefront stand-in for tests: a real HTTP server on 127.0.0.1 that answers from a table of
// routes. It plays the outside shop (Shopify JSON, .js, HTML with JSON-LD), never our own code.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type FakeRoute = (request: IncomingMessage, response: ServerResponse) => void

export type FakeStorefront = {
  url: string
  /**
   * `127.0.0.1:<port>`: the entry that lets an extractor fetch from this one server
   * (`storefrontPrivateAddressesAllowed: [shop.address]`); loopback is refused by default.
   */
  address: string
  routes: Map<string, FakeRoute>
  /** Paths requested, in order (query included). */
  requested: string[]
  /** TCP connections accepted so far (a refused fetch must not even connect). */
  readonly connectionCount: number
  close(): Promise<void>
}

export function json(body: unknown, status = 200): FakeRoute {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' })
    response.end(JSON.stringify(body))
  }
}

export function html(body: string, status = 200): FakeRoute {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
    response.end(body)
  }
}

export function text(body: string, status = 200, contentType = 'text/plain'): FakeRoute {
  return (_request, response) => {
    response.writeHead(status, { 'content-type': contentType })
    response.end(body)
  }
}

export function redirect(location: string, status = 302): FakeRoute {
  return (_request, response) => {
    response.writeHead(status, { location })
    response.end()
  }
}

/** A page wrapping JSON-LD blocks as a theme would. */
export function jsonLdPage(...blocks: unknown[]): string {
  const scripts = blocks.map((block) => `<script type="application/ld+json">${typeof block === 'string' ? block : JSON.stringify(block)}</script>`)
  return `<!doctype html><html><head><title>Shop</title>${scripts.join('\n')}</head><body><h1>Product</h1></body></html>`
}

export async function startFakeStorefront(routes: Record<string, FakeRoute> = {}): Promise<FakeStorefront> {
  const table = new Map(Object.entries(routes))
  const requested: string[] = []
  const server = createServer((request, response) => {
    const url = request.url ?? '/'
    requested.push(url)
    const route = table.get(url) ?? table.get(url.split('?')[0] as string)
    if (route === undefined) {
      response.writeHead(404, { 'content-type': 'text/plain' })
      response.end('not found')
      return
    }
    route(request, response)
  })
  let connectionCount = 0
  server.on('connection', () => {
    connectionCount += 1
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    address: `127.0.0.1:${port}`,
    routes: table,
    requested,
    get connectionCount() {
      return connectionCount
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
