// The chaos suite talks to loopback only. Every URL is checked before a connection is opened, so
// a mistaken address (a service advertising 0.0.0.0's public name, a typo) fails loudly instead
// of sending traffic off the machine.
import { isIP } from 'node:net'

export class NotLoopbackError extends Error {
  override readonly name = 'NotLoopbackError'
  constructor(readonly url: string) {
    super(`the chaos suite only connects to loopback (127.0.0.0/8, ::1); refusing ${url}`)
  }
}

/** Returns `url` parsed when its host is a loopback address literal; throws NotLoopbackError otherwise. */
export function assertLoopbackUrl(url: string): URL {
  const parsed = new URL(url)
  const host = parsed.hostname.replace(/^\[|\]$/g, '')
  const isLoopback = (isIP(host) === 4 && host.startsWith('127.')) || (isIP(host) === 6 && host === '::1')
  if (!isLoopback) throw new NotLoopbackError(url)
  return parsed
}
