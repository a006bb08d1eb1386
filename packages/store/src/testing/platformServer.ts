// A platform (agent) for tests, on loopback: serves its UCP profile (with the key it signs its
// requests with) and records the order webhooks posted to it.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { deriveUcpRequestKey, Ed25519Signer, signUcpRequest, type UcpRequestKey } from '@verity/core'

export type PlatformServer = Readonly<{
  profileUrl: string
  webhookUrl: string
  /** The key its profile lists in `signing_keys`: its requests are signed with it (signedHeadersOf). */
  requestKey: UcpRequestKey
  /** Webhooks received, in order. */
  webhooks: { headers: IncomingHttpHeaders; body: Record<string, unknown>; raw: string }[]
  /** The status the webhook endpoint answers (200 unless set; a webhook answered otherwise is not recorded). */
  setWebhookStatus(status: number): void
  close(): Promise<void>
}>

/** Starts the platform; `isAp2` declares dev.ucp.shopping.ap2_mandate in its profile. */
export async function startPlatformServer(options: { isAp2: boolean }): Promise<PlatformServer> {
  const webhooks: PlatformServer['webhooks'] = []
  let base = ''
  let webhookStatus = 200
  const requestKey = deriveUcpRequestKey(Ed25519Signer.generate())
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      if (request.method === 'GET' && request.url === '/profile.json') {
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(profileOf(base, options.isAp2, requestKey)))
      } else if (request.method === 'POST' && request.url === '/webhooks/orders' && webhookStatus !== 200) {
        response.writeHead(webhookStatus).end()
      } else if (request.method === 'POST' && request.url === '/webhooks/orders') {
        const raw = Buffer.concat(chunks).toString('utf8')
        webhooks.push({ headers: request.headers, body: JSON.parse(raw) as Record<string, unknown>, raw })
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}')
      } else response.writeHead(404).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    profileUrl: `${base}/profile.json`,
    webhookUrl: `${base}/webhooks/orders`,
    requestKey,
    webhooks,
    setWebhookStatus: (status) => (webhookStatus = status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/**
 * The headers that sign a request of `platform` (RFC 9421, UCP signatures.md): `headers` are the
 * ones sent (lower-case), `body` the exact JSON text sent.
 */
export function signedHeadersOf(platform: Pick<PlatformServer, 'requestKey'>, method: string, url: string, headers: Record<string, string>, body?: string): Record<string, string> {
  return { ...headers, ...signUcpRequest({ method, url: new URL(url), headers, body, key: platform.requestKey }) }
}

function profileOf(base: string, isAp2: boolean, requestKey: UcpRequestKey) {
  const version = '2026-04-08'
  return {
    ucp: {
      version,
      services: { 'dev.ucp.shopping': [{ version, transport: 'rest' }] },
      capabilities: {
        'dev.ucp.shopping.checkout': [{ version }],
        'dev.ucp.shopping.order': [{ version, config: { webhook_url: `${base}/webhooks/orders` } }],
        ...(isAp2 ? { 'dev.ucp.shopping.ap2_mandate': [{ version, extends: 'dev.ucp.shopping.checkout' }] } : {}),
      },
      payment_handlers: {},
    },
    signing_keys: [requestKey.publicJwk],
  }
}
