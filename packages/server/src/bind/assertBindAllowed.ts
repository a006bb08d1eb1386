import { UnsafeBindError } from '../errors/configErrors.ts'
import { isLoopbackHost } from './isLoopbackHost.ts'

/**
 * Refuses (UnsafeBindError) to listen on a non-loopback `host` when no token is configured: the
 * service's operator routes would be open to the network. Call it before `listen`, so nothing is
 * ever bound. Services without token-protected routes (the base layer) do not call it.
 */
export function assertBindAllowed(params: { service: string; host: string; tokenCount: number }): void {
  if (params.tokenCount > 0 || isLoopbackHost(params.host)) return
  throw new UnsafeBindError({ service: params.service, host: params.host })
}
