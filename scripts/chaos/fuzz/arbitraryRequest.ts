// Requests for one operation: well-formed ones built from its schema, and hostile ones (each a
// well-formed request with one to three things broken: the method, the body's type, size or
// syntax, the content type, a path or query parameter, the operator token).
import fc from 'fast-check'
import { stringifyJsonBigint } from '@verity/core'
import { arbitraryFromSchema } from './arbitraryFromSchema.ts'
import type { JsonSchema, OpenApiOperation } from './openApiOperations.ts'

export type FuzzRequest = { method: string; path: string; headers: Record<string, string>; body?: string; broken: string[] }

/** Sizes of the oversized bodies sent, in bytes: around and above the services' body limits (1–4 MiB). */
const HUGE_BODY_BYTES = [100_000, 1_100_000, 4_300_000]
/** Nesting of the deeply nested JSON body (well above JSON_NESTING_DEPTH_MAX). */
const DEEP_NESTING = 20_000
export const ODD_METHODS = ['HEAD', 'OPTIONS', 'PATCH', 'DELETE', 'PUT', 'GET', 'POST', 'PROPFIND']
const ODD_CONTENT_TYPES = ['text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/x-www-form-urlencoded', 'application/octet-stream', 'application/json', '*/*', 'garbage']
const HOSTILE_SEGMENTS = ['..', '%2e%2e%2f%2e%2e', '%00', '%E0%A4%A', 'a'.repeat(5_000), '-1', '0', '18446744073709551616', '%F0%9F%92%A9', 'null', '__proto__', ' ']
const BAD_JSON = ['{', '{"a":', '[1,2', 'nul', '\u0000', '{"a":1}{"b":2}', '{"a":01}', '{"a":1e400}', '"\\ud800"', '[' + '1,'.repeat(1_000) + ']']

export function arbitraryRequest(operation: OpenApiOperation, components: Record<string, JsonSchema>, authHeaders: Record<string, string>): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((parameter) => parameter.in === 'path')
  const queryParameters = operation.parameters.filter((parameter) => parameter.in === 'query')
  const path = fc.tuple(...pathParameters.map((parameter) => arbitraryFromSchema(parameter.schema, components))).map((values) =>
    pathParameters.reduce((text, parameter, index) => text.replace(`{${parameter.name}}`, encodeURIComponent(String(values[index]))), operation.pathTemplate),
  )
  const query = fc
    .tuple(...queryParameters.map((parameter) => fc.option(arbitraryFromSchema(parameter.schema, components), { nil: undefined })))
    .map((values) => queryParameters.flatMap((parameter, index) => (values[index] === undefined ? [] : [`${parameter.name}=${encodeURIComponent(String(values[index]))}`])).join('&'))
  const body = operation.body === undefined ? fc.constant(undefined) : arbitraryBody(operation.body.contentType, operation.body.schema, components)
  return fc.tuple(path, query, body).map(([pathText, queryText, bodyText]) => ({
    method: operation.method,
    path: queryText === '' ? pathText : `${pathText}?${queryText}`,
    headers: { ...authHeaders, ...(bodyText === undefined ? {} : { 'content-type': operation.body!.contentType }) },
    ...(bodyText === undefined ? {} : { body: bodyText }),
    broken: [],
  }))
}

function arbitraryBody(contentType: string, schema: JsonSchema, components: Record<string, JsonSchema>): fc.Arbitrary<string> {
  if (contentType.includes('json')) return arbitraryFromSchema(schema, components).map((value) => stringifyJsonBigint(value))
  return fc.string({ maxLength: 512, unit: 'grapheme' })
}

type Mutation = (request: FuzzRequest) => FuzzRequest

/** A well-formed request with one to three hostile changes (named in `broken`). */
export function arbitraryHostileRequest(operation: OpenApiOperation, components: Record<string, JsonSchema>, authHeaders: Record<string, string>): fc.Arbitrary<FuzzRequest> {
  return fc.tuple(arbitraryRequest(operation, components, authHeaders), fc.array(arbitraryMutation(), { minLength: 1, maxLength: 3 })).map(([request, mutations]) =>
    mutations.reduce((current, mutate) => mutate(current), request),
  )
}

function arbitraryMutation(): fc.Arbitrary<Mutation> {
  const withBody = (name: string, body: string, contentType = 'application/json'): Mutation => (request) => ({
    ...request,
    headers: { ...request.headers, 'content-type': contentType },
    body,
    broken: [...request.broken, name],
  })
  return fc.oneof(
    fc.constantFrom(...ODD_METHODS).map((method): Mutation => (request) => ({ ...request, method, broken: [...request.broken, `method ${method}`] })),
    fc.jsonValue({ maxDepth: 3 }).map((value) => withBody('wrong-typed JSON body', JSON.stringify(value) ?? 'null')),
    fc.constantFrom(...HUGE_BODY_BYTES).map((bytes) => withBody(`huge string body (${bytes} bytes)`, `"${'a'.repeat(bytes)}"`)),
    fc.oneof(fc.constantFrom(...BAD_JSON), fc.string({ maxLength: 64, unit: 'binary' })).map((text) => withBody('malformed JSON body', text)),
    fc.constant(withBody(`JSON nested ${DEEP_NESTING} deep`, '['.repeat(DEEP_NESTING) + ']'.repeat(DEEP_NESTING))),
    fc.constantFrom(...ODD_CONTENT_TYPES).map((contentType): Mutation => (request) => ({
      ...request,
      headers: { ...request.headers, 'content-type': contentType },
      body: request.body ?? '{}',
      broken: [...request.broken, `content-type ${contentType}`],
    })),
    fc.constant<Mutation>((request) => {
      const { ['content-type']: _, ...headers } = request.headers
      return { ...request, headers, broken: [...request.broken, 'no content-type'] }
    }),
    fc.oneof(fc.constantFrom(...HOSTILE_SEGMENTS), fc.string({ maxLength: 32, unit: 'binary' }).map(encodeURIComponent)).map((segment): Mutation => (request) => ({
      ...request,
      path: replaceLastSegment(request.path, segment),
      broken: [...request.broken, `path segment ${segment.slice(0, 40)}`],
    })),
    fc.constantFrom('offset=-1', 'limit=99999999999999999999', 'limit=0&limit=5', 'a=%E0%A4%A', `q=${'x'.repeat(4_000)}`, 'last_event_id=abc').map((query): Mutation => (request) => ({
      ...request,
      path: `${request.path}${request.path.includes('?') ? '&' : '?'}${query}`,
      broken: [...request.broken, `query ${query.slice(0, 40)}`],
    })),
    fc.constantFrom('none', 'Bearer wrong', 'Basic Zm9vOmJhcg==', 'Bearer ').map((authorization): Mutation => (request) => {
      const { authorization: _, ...headers } = request.headers
      return { ...request, headers: authorization === 'none' ? headers : { ...headers, authorization }, broken: [...request.broken, `authorization ${authorization}`] }
    }),
  )
}

function replaceLastSegment(path: string, segment: string): string {
  const [pathname, query] = path.split('?') as [string, string | undefined]
  const parts = pathname.split('/')
  parts[parts.length - 1] = segment
  return query === undefined ? parts.join('/') : `${parts.join('/')}?${query}`
}
