import type { LookupAddress, LookupOptions } from 'node:dns'
import { Agent } from 'undici'
import type { StorefrontTarget } from './checkStorefrontTarget.ts'

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void

/**
 * An undici dispatcher that connects to `target`'s checked addresses and nowhere else: its
 * connector's `lookup` answers with them instead of asking DNS again, so the address that was
 * checked is the address connected to (no DNS rebinding between check and connect). The URL, the
 * Host header and TLS SNI / certificate checks keep the host name. Use it for one request to
 * `target` and close it after (`destroy()`): it must not serve any other host.
 */
export function createPinnedDispatcher(target: StorefrontTarget): Agent {
  const lookup = (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    if (hostname.toLowerCase() !== target.hostname.toLowerCase()) {
      const error: NodeJS.ErrnoException = new Error(`pinned dispatcher for ${target.hostname} asked to resolve ${hostname}`)
      error.code = 'ENOTFOUND'
      callback(error, '')
      return
    }
    const family = options.family === 4 || options.family === 6 ? options.family : undefined
    const matching = target.addresses.filter((candidate) => family === undefined || candidate.family === family)
    const addresses = matching.length === 0 ? target.addresses : matching
    if (options.all === true) callback(null, addresses.map((candidate) => ({ ...candidate })))
    else callback(null, addresses[0]!.address, addresses[0]!.family)
  }
  return new Agent({ connect: { lookup }, connections: 1 })
}
