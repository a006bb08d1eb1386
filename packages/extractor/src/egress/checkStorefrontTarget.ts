import { StorefrontUnavailableError } from '../errors/extractorErrors.ts'
import { StorefrontAddressRefusedError, StorefrontHttpsRequiredError, StorefrontPortRefusedError, StorefrontSchemeRefusedError } from '../errors/storefrontGuardErrors.ts'
import { classifyAddress, isIpAddressText } from './classifyAddress.ts'
import { findPrivateAddressAllowance } from './PrivateAddressAllowance.ts'
import type { ResolvedAddress, StorefrontEgressPolicy } from './StorefrontEgressPolicy.ts'

/** A URL the guard let through, with the only addresses a connection to it may use. */
export type StorefrontTarget = Readonly<{
  url: URL
  /** The URL's host name, without IPv6 brackets (what the connector asks to resolve). */
  hostname: string
  port: number
  /** The checked addresses (canonical text, family 4 or 6); a connection uses these and nothing else. */
  addresses: readonly Readonly<{ address: string; family: 4 | 6 }>[]
}>

export type CheckStorefrontTargetContext = { signal: AbortSignal; redirectedFrom?: string }

// RFC 6761 §6.3: `localhost` and every name under it mean this machine, whatever DNS says.
const LOCALHOST_NAME = /^(?:.+\.)?localhost\.?$/i

function effectivePort(url: URL): number {
  return url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port)
}

async function resolveHost(hostname: string, url: URL, policy: StorefrontEgressPolicy, signal: AbortSignal): Promise<readonly ResolvedAddress[]> {
  let aborted: (() => void) | undefined
  const abort = new Promise<never>((_resolve, rejectAbort) => {
    aborted = () => rejectAbort(signal.reason)
    signal.addEventListener('abort', aborted, { once: true })
  })
  try {
    if (signal.aborted) throw signal.reason
    const answers = await Promise.race([policy.lookup(hostname), abort])
    if (answers.length === 0) throw new StorefrontUnavailableError({ url: url.href, reason: `${hostname} has no address` })
    return answers
  } catch (error) {
    if (signal.aborted || error instanceof StorefrontUnavailableError) throw error
    const code = (error as { code?: string }).code ?? (error as Error).message
    throw new StorefrontUnavailableError({ url: url.href, reason: `cannot resolve ${hostname} (${code})` }, { cause: error })
  } finally {
    if (aborted !== undefined) signal.removeEventListener('abort', aborted)
  }
}

/**
 * The storefront fetch guard (SSRF): lets `url` through only when its scheme is http(s), its port
 * is allowed, and every address its host is or resolves to is public or listed in
 * `privateAddressesAllowed`, and a public one is reached over https: only (http: is for listed addresses). Resolves the host once, here; the caller must connect to the returned
 * addresses only (createPinnedDispatcher), so a second DNS answer can never be used (rebinding).
 * Nothing is connected to. Throws StorefrontSchemeRefusedError, StorefrontPortRefusedError,
 * StorefrontAddressRefusedError, StorefrontHttpsRequiredError, or StorefrontUnavailableError when the
 * name does not resolve.
 */
export async function checkStorefrontTarget(url: URL, policy: StorefrontEgressPolicy, context: CheckStorefrontTargetContext): Promise<StorefrontTarget> {
  const { redirectedFrom } = context
  const from = redirectedFrom === undefined ? {} : { redirectedFrom }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new StorefrontSchemeRefusedError({ url: url.href, scheme: url.protocol, ...from })
  const port = effectivePort(url)
  const portsAllowed = [...policy.portsAllowed]
  const refusePort = () => new StorefrontPortRefusedError({ url: url.href, port, portsAllowed, ...from })
  // Refuse before any DNS query when no rule could allow this port.
  if (!policy.portsAllowed.has(port) && !policy.privateAddressesAllowed.some((allowance) => allowance.port === port)) throw refusePort()
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const isLiteral = isIpAddressText(hostname)
  if (!isLiteral && LOCALHOST_NAME.test(hostname))
    throw new StorefrontAddressRefusedError({ url: url.href, host: hostname, address: undefined, reason: 'localhost', isResolved: false, ...from })
  const answers = isLiteral ? [{ address: hostname }] : await resolveHost(hostname, url, policy, context.signal)
  const addresses: { address: string; family: 4 | 6 }[] = []
  let hasUnlistedPublic = false
  for (const answer of answers) {
    if (!isIpAddressText(answer.address))
      throw new StorefrontUnavailableError({ url: url.href, reason: `the resolver answered ${JSON.stringify(answer.address)} for ${hostname}, not an IP address` })
    const addressClass = classifyAddress(answer.address)
    const candidates = addressClass.isPublic || addressClass.embeddedIpv4 === undefined ? [addressClass.address] : [addressClass.address, addressClass.embeddedIpv4]
    const allowance = findPrivateAddressAllowance(policy.privateAddressesAllowed, candidates, port)
    if (allowance?.port === undefined) {
      if (!policy.portsAllowed.has(port)) throw refusePort()
      if (!addressClass.isPublic && allowance === undefined)
        throw new StorefrontAddressRefusedError({ url: url.href, host: hostname, address: addressClass.address, reason: addressClass.reason, isResolved: !isLiteral, ...from })
    }
    if (allowance === undefined) hasUnlistedPublic = true
    addresses.push({ address: addressClass.address, family: addressClass.address.includes(':') ? 6 : 4 })
  }
  // After every address passed (a refused address is the error to name first): http: only to listed ones.
  if (url.protocol === 'http:' && hasUnlistedPublic) throw new StorefrontHttpsRequiredError({ url: url.href, host: hostname, ...from })
  return { url, hostname, port, addresses }
}
