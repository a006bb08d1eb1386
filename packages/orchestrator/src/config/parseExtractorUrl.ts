import { InvalidExtractorUrlError } from '../errors/configErrors.ts'
import { EXTRACTOR_URL_CHARS_MAX } from '../limits.ts'

/**
 * Checks an evidence extractor base URL for PUT /config: "" (the default embedded extractor), or
 * an absolute http/https URL without credentials or fragment. Returns it as given.
 */
export function parseExtractorUrl(value: unknown): string {
  if (typeof value !== 'string') throw new InvalidExtractorUrlError({ url: String(value), reason: 'expected a string' })
  if (value === '') return value
  const reject = (reason: string) => new InvalidExtractorUrlError({ url: value, reason })
  if (value.length > EXTRACTOR_URL_CHARS_MAX) throw reject(`longer than ${EXTRACTOR_URL_CHARS_MAX} characters`)
  if (value.trim() !== value) throw reject('leading or trailing whitespace')
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw reject(`${JSON.stringify(value)} is not an absolute URL`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw reject(`scheme ${url.protocol} is not http or https`)
  if (url.username !== '' || url.password !== '') throw reject('credentials are not allowed in the URL')
  if (value.includes('#')) throw reject('a fragment is not allowed in the URL')
  if (url.search !== '') throw reject('a query string is not allowed in the URL')
  if (url.hostname === '') throw reject('the URL has no host')
  return value
}

/** `{base}/extract`, whether or not the base ends with a slash. */
export function extractEndpointOf(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/extract`
}
