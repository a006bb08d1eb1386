import { InvalidOptionError, orchestratorOrigin } from '@verity/core'

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]']

/**
 * The origins `agent_authorization.orchestrator` may name at this orchestrator: the configured
 * `--public-urls` (behind a proxy or a load balancer, the URLs clients use), else those it is
 * reached at directly: `http://<host>:<port>` of the port the request came in on, and for a
 * loopback or wildcard host the loopback names. The request's Host header is never trusted: a
 * replaying client chooses it.
 */
export function acceptedOrchestratorOrigins(publicOrigins: readonly string[], host: string, localPort: number | undefined): readonly string[] {
  if (publicOrigins.length > 0) return publicOrigins
  if (localPort === undefined) return []
  const hostName = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host
  const loopback = ['127.0.0.1', 'localhost', '::1', '0.0.0.0', '::'].includes(host)
  const names = loopback ? LOOPBACK_NAMES : [hostName]
  return names.map((name) => `http://${name}:${localPort}`)
}

/** `--public-urls` as origins, or InvalidOptionError naming the entry. */
export function publicOriginsOf(publicUrls: readonly string[]): string[] {
  return publicUrls.map((url) => {
    try {
      return orchestratorOrigin(url)
    } catch {
      throw new InvalidOptionError({ option: 'public-urls', reason: `${JSON.stringify(url)} is not an http(s) URL` })
    }
  })
}
