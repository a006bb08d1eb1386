import type { FastifyRequest } from 'fastify'

/** A route's exact decoder of its body: returns the decoded value or throws a typed error (VerityError). */
export type DecodeBody = (body: unknown, request: FastifyRequest) => unknown

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's exact decoder of its body (e.g. parseSignedIntent). The schema validates every
     * body first; when it refuses one, the edge runs this decoder on it and answers the typed error
     * it throws (its stable code, a message naming the field in the route's own words) instead of
     * the schema's. Must be synchronous and pure (fastify's advice for validators).
     */
    decodeBody?: DecodeBody
  }
}
