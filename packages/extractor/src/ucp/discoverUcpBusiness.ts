import type { EvidenceSource } from '@verity/core'
import { Address, selectUcpBinding, TokenId, UCP_VERITY_PAYMENT_HANDLER, UCP_VERSION, UcpBusinessProfile, validateUcp, type Static, type UcpClientTransport } from '@verity/wire'
import { UcpBadReplyError, UcpCapabilityMissingError, UcpNoTransportError, UcpVersionUnsupportedError } from '../errors/ucpErrors.ts'
import type { FetchedReply } from '../http/fetchBounded.ts'
import { profileLifetimeMs } from './profileLifetimeMs.ts'
import { checkUcpShape, parseUcpJson } from './readUcpJson.ts'
import { sendUcpRequest, type UcpTransportContext } from './sendUcpRequest.ts'

/** A business as discovery found it: where to call it, who it says is paid, and the profile documents read. */
export type UcpBusiness = Readonly<{
  base: string
  transport: UcpClientTransport
  endpoint: URL
  payee?: string
  payeeToken?: string
  /** The profile's `signing_keys` (public JWKs with `kid`): they verify the business's `ap2.merchant_authorization`. */
  signingKeys: readonly Readonly<Record<string, unknown>>[]
  /** The capabilities the profile lists (reverse-domain names). */
  capabilities: readonly string[]
  /** The profile fetches (URL, status, body hash) every extraction at this business lists in its attestation. */
  sources: readonly EvidenceSource[]
  /** How long this discovery may be reused (profileLifetimeMs of the profile reply). */
  lifetimeMs: number
}>

type Profile = Static<typeof UcpBusinessProfile>

/** GETs a profile document: no redirects (UCP: profile endpoints MUST NOT redirect), 404 means the business serves no UCP profile. */
async function fetchProfile(url: URL, base: string, context: UcpTransportContext, sources: EvidenceSource[]): Promise<{ json: unknown; reply: FetchedReply }> {
  const noRedirects = { ...context, limits: { ...context.limits, redirectsMax: 0 } }
  const reply = await sendUcpRequest(url, { accept: 'application/json', statusesRead: [404] }, noRedirects, sources)
  if (reply.status === 404) throw new UcpCapabilityMissingError({ business: base, reason: `no UCP profile at ${reply.url} (status 404)` })
  return { json: parseUcpJson(reply.body, reply.url, 'the profile'), reply }
}

/** The protocol version a profile declares and the URI it lists for ours, read before the schema (another version may have another shape). */
function declaredVersion(json: unknown): { version: unknown; profileUrlForOurs: unknown } {
  const ucp = typeof json === 'object' && json !== null ? (json as { ucp?: { version?: unknown; supported_versions?: Record<string, unknown> } }).ucp : undefined
  return { version: ucp?.version, profileUrlForOurs: ucp?.supported_versions?.[UCP_VERSION] }
}

/**
 * The profile at our protocol version: `/.well-known/ucp` itself, or the version-specific profile
 * its `supported_versions` lists for ours (overview.md, "Protocol Version"; one hop, never more).
 */
async function profileAtOurVersion(base: string, context: UcpTransportContext, sources: EvidenceSource[]): Promise<{ profile: Profile; reply: FetchedReply }> {
  let fetched = await fetchProfile(new URL(`${base}/.well-known/ucp`), base, context, sources)
  const { version, profileUrlForOurs } = declaredVersion(fetched.json)
  if (typeof version === 'string' && version !== UCP_VERSION) {
    const url = typeof profileUrlForOurs === 'string' ? URL.parse(profileUrlForOurs, fetched.reply.url) : null
    if (url === null) throw new UcpVersionUnsupportedError({ business: base, reason: `the business speaks UCP ${version}; this extractor speaks UCP ${UCP_VERSION}` })
    fetched = await fetchProfile(url, base, context, sources)
    const again = declaredVersion(fetched.json).version
    if (again !== UCP_VERSION)
      throw new UcpVersionUnsupportedError({ business: base, reason: `the profile listed for UCP ${UCP_VERSION} (${url.href}) declares ${String(again)}; this extractor speaks UCP ${UCP_VERSION}` })
  }
  return { profile: checkUcpShape(UcpBusinessProfile, fetched.json, fetched.reply.url, 'the profile'), reply: fetched.reply }
}

/** `payee` and `token` of the business's dev.verity.domain payment handler, checked as a domain address and a token id. */
function payeeOf(profile: Profile, url: string): { payee?: string; payeeToken?: string } {
  const config = profile.ucp.payment_handlers?.[UCP_VERITY_PAYMENT_HANDLER]?.[0]?.config
  if (config === undefined) return {}
  const path = `/ucp/payment_handlers/${UCP_VERITY_PAYMENT_HANDLER}/0/config`
  const read = (name: 'payee' | 'token', schema: typeof Address | typeof TokenId): string | undefined => {
    if (config[name] === undefined) return undefined
    const checked = validateUcp(schema, config[name])
    if (!checked.ok) throw new UcpBadReplyError({ url, reason: `${path}/${name}: ${checked.violations[0]?.message ?? 'invalid'} (${JSON.stringify(config[name])})` })
    return checked.value
  }
  const payee = read('payee', Address)
  const payeeToken = read('token', TokenId)
  return { ...(payee === undefined ? {} : { payee }), ...(payeeToken === undefined ? {} : { payeeToken }) }
}

/**
 * Discovers a UCP business (overview.md, "Discovery, Governance, and Negotiation"): GET
 * `<base>/.well-known/ucp` through the fetch guard, the profile at our version (2026-04-08), then the
 * dev.ucp.shopping binding (REST, else MCP) with catalog lookup (selectUcpBinding), and the payee
 * of its dev.verity.domain payment handler. Throws UcpVersionUnsupportedError (both versions named),
 * UcpCapabilityMissingError, UcpNoTransportError, UcpBadReplyError, UcpUnavailableError, the guard's refusals.
 */
export async function discoverUcpBusiness(base: string, context: UcpTransportContext): Promise<UcpBusiness> {
  const sources: EvidenceSource[] = []
  const { profile, reply } = await profileAtOurVersion(base, context, sources)
  const choice = selectUcpBinding(profile)
  if (!choice.ok) {
    if (choice.problem === 'capability_missing') throw new UcpCapabilityMissingError({ business: base, reason: choice.message })
    if (choice.problem === 'version_unsupported') throw new UcpVersionUnsupportedError({ business: base, reason: choice.message })
    throw new UcpNoTransportError({ business: base, reason: choice.message })
  }
  const endpoint = URL.parse(choice.endpoint.replace(/\/+$/, ''))
  if (endpoint === null || (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:'))
    throw new UcpNoTransportError({ business: base, reason: `the ${choice.transport} endpoint ${JSON.stringify(choice.endpoint)} is not an http(s) URL` })
  return {
    base,
    transport: choice.transport,
    endpoint,
    ...payeeOf(profile, reply.url),
    signingKeys: (profile.signing_keys ?? []) as readonly Readonly<Record<string, unknown>>[],
    capabilities: Object.keys(profile.ucp.capabilities ?? {}),
    sources,
    lifetimeMs: profileLifetimeMs(reply.cacheControl, reply.ageSeconds),
  }
}
