// The validator of every request part (body, params, querystring, headers) of every Verity
// service: ajv through fastify's own compiler package, never coercing, filling defaults or
// stripping (bodies are signed: what arrives is what is checked and what is verified), with the
// `u64`/`i64` keywords for bigint-exact integers. Compiled validators are cached per schema
// object, so routes sharing a wire schema share one compiled function.
import { AjvCompiler } from '@fastify/ajv-compiler'
import type { FastifySchema, FastifySchemaCompiler } from 'fastify'
import { addIntegerKeywords } from './integerKeywords.ts'

/** A compiled validator as fastify calls it: true, or false with `errors` set. */
type Validate = ReturnType<FastifySchemaCompiler<unknown>>

const buildAjvCompiler = AjvCompiler()({}, {
  customOptions: { coerceTypes: false, useDefaults: false, removeAdditional: false, allErrors: false, strict: false },
  plugins: [addIntegerKeywords as never],
} as never) as (route: { schema: unknown; method: string; url: string; httpPart: string }) => Validate

// Keyed by the schema object: a WeakMap, so its size is bounded by the schemas alive (the routes').
const validatorsBySchema = new WeakMap<object, Validate>()

/** Fastify validator compiler shared by every service (see registerHttpEdge). */
export const compileRequestValidator: FastifySchemaCompiler<FastifySchema> = (route) => {
  const schema = route.schema as object
  const cached = validatorsBySchema.get(schema)
  if (cached !== undefined) return cached
  const validate = buildAjvCompiler({ schema, method: route.method, url: route.url, httpPart: route.httpPart ?? 'body' })
  validatorsBySchema.set(schema, validate)
  return validate
}
