import { InvalidExtractRequestError } from '../errors/extractorErrors.ts'
import { SOLUTION_CHARS_MAX } from '../limits.ts'

/**
 * The UCP business a proposal names in `metadata.business`: its base URL (http or https, no
 * credentials, query or fragment), without a trailing slash, or undefined when the metadata names
 * none. Discovery is `GET <base>/.well-known/ucp`.
 * @example parseUcpBusiness({ business: 'https://shop.example/' }) // 'https://shop.example'
 */
export function parseUcpBusiness(metadata: unknown): string | undefined {
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return undefined
  const value = (metadata as Record<string, unknown>).business
  if (value === undefined || value === null) return undefined
  const refuse = (reason: string) => new InvalidExtractRequestError({ field: 'metadata.business', reason })
  if (typeof value !== 'string' || value.length === 0 || value.length > SOLUTION_CHARS_MAX)
    throw refuse(`expected the business's base URL (http or https), at most ${SOLUTION_CHARS_MAX} characters`)
  const url = URL.parse(value)
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw refuse(`expected an http(s) URL, got ${JSON.stringify(value)}`)
  if (url.username !== '' || url.password !== '') throw refuse('URLs with credentials are refused')
  if (url.search !== '' || url.hash !== '') throw refuse('expected a base URL without query or fragment')
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}
