import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { FastifyPluginAsync } from 'fastify'
import { InvalidRequestError } from '@verity/core'
import { httpEdge } from '@verity/server'
import { Type } from 'typebox'
import { createExtractorDependencies } from '../createExtractorDependencies.ts'
import { extractAttested } from '../extractAttested.ts'
import type { ExtractorDependencies, ExtractRequest } from '../extractFromSolution.ts'
import type { ExtractorOptions } from '../ExtractorOptions.ts'
import { refuseOwnedFieldRules } from '../evidence/refuseOwnedFieldRules.ts'
import { EXTRACT_REQUEST_BODY_BYTES_MAX, SCHEMA_FIELDS_MAX, SCHEMA_NAME_CHARS_MAX, SOLUTION_CHARS_MAX } from '../limits.ts'
import { platformProfileOf } from '../ucp/platformProfileOf.ts'
import { registerCatalogSearchRoute } from './catalogSearchRoute.ts'
import { extractorEdge } from './extractorEdge.ts'

/** Options of the routes plugin: ready dependencies, or the options to open them with (default: the demo catalog). */
export type ExtractorRoutesOptions = ExtractorOptions & { dependencies?: ExtractorDependencies }

const ExtractBody = Type.Object(
  {
    intent_id: Type.Optional(Type.String({ maxLength: 128, description: 'the intent the proposal is for (informational)' })),
    template_id: Type.Optional(Type.String({ maxLength: 128, description: 'the template whose evidence schema is sent (informational)' })),
    solution: Type.String({ minLength: 1, maxLength: SOLUTION_CHARS_MAX, description: '`catalog:<id>`, an http(s) product URL, or a UCP product or variant id (with `metadata.business`)' }),
    metadata: Type.Optional(
      Type.Unknown({
        description: '`{"business": "<UCP business base URL>"}`, `{"variant_id": ...}` and/or `{"options": {"Color": "White"}}`; other JSON is ignored',
      }),
    ),
    schema: Type.Record(Type.String({ maxLength: SCHEMA_NAME_CHARS_MAX }), Type.String({ maxLength: SCHEMA_NAME_CHARS_MAX }), {
      maxProperties: SCHEMA_FIELDS_MAX,
      description: 'evidence field name → type: string, int, bool, set<string>, set<int>, optional <type>',
    }),
  },
  { description: 'an extraction request (DESIGN §4)' },
)

const ExtractReply = Type.Object({
  evidence: Type.Record(Type.String(), Type.Unknown(), { description: 'the fields the extractor could establish, as plain JSON' }),
  attestation: Type.Optional(
    Type.Unknown({
      description:
        'our addition: the extractor\'s signed statement over the request, the evidence, the time and the documents fetched ' +
        '({version, extracted_at_ms, sources: [{url, status, body_sha256}], signature: {Ed25519: {pub_key, signature}}}; docs/proofs.md)',
    }),
  ),
})

const ErrorReply = Type.Object({ message: Type.String(), code: Type.Optional(Type.String()) })

/**
 * The extractor's routes as a fastify plugin: `POST /extract`. The orchestrator mounts it under
 * `/extractor` as its embedded default extractor; `buildExtractorApp` mounts it at the root.
 * Encapsulated: its HTTP edge (bigint-exact JSON, validation, its error table) stays inside it.
 */
export const extractorRoutes: FastifyPluginAsync<ExtractorRoutesOptions> = async (parent, options) => {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>()
  let dependencies = options.dependencies
  if (dependencies === undefined) {
    const opened = createExtractorDependencies(options, app.log)
    dependencies = opened.dependencies
    app.addHook('onClose', async () => opened.close())
  } else {
    // Rules passed in code are refused as a mapping file's are (sourcesForField would ignore them).
    refuseOwnedFieldRules(dependencies.mapping.keys(), 'dependencies.mapping')
  }
  const ready = dependencies

  // The extractor's own edge (its error shape and codes), also when mounted inside the orchestrator.
  await app.register(httpEdge, extractorEdge)

  app.post(
    '/extract',
    {
      bodyLimit: options.bodyBytesMax ?? EXTRACT_REQUEST_BODY_BYTES_MAX,
      schema: {
        summary: 'Extract evidence for a proposal',
        body: ExtractBody,
        response: { 200: ExtractReply, 400: ErrorReply, 404: ErrorReply, 422: ErrorReply, 502: ErrorReply },
      },
    },
    async (request) => extractAttested(ready, request.body as ExtractRequest),
  )
  registerCatalogSearchRoute(app, ready)

  // The platform profile this extractor advertises to UCP businesses (UCP-Agent header), with the key its requests are signed with;
  // `?signing_key=<x>.<y>` serves a Verity agent's profile listing that key (platformProfileOf). Public, cacheable (UCP asks ≥ 60 s).
  const PlatformProfileQuery = Type.Object({ signing_key: Type.Optional(Type.String({ maxLength: 128, description: "a Verity agent's P-256 request key as <x>.<y> (base64url coordinates): the profile lists that key alone" })) })
  app.get('/ucp/platform-profile', { schema: { summary: "The extractor's UCP platform profile (UCP 2026-04-08), or a Verity agent's (signing_key)", querystring: PlatformProfileQuery } }, async (request, reply) => {
    const profile = platformProfileOf(ready.ucpRequestKey?.publicJwk, (request.query as { signing_key?: string }).signing_key)
    if (profile === undefined) throw new InvalidRequestError({ reason: 'signing_key must be <x>.<y>: the base64url coordinates of a P-256 public key' })
    void reply.header('cache-control', 'public, max-age=3600')
    return profile
  })
}
