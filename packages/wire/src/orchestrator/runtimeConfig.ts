import { Type } from 'typebox'

const ExtractorKeyDescription =
  'our addition: base58 Ed25519 public key the extractor attests its replies with (docs/proofs.md, "The trust chain"); "" when none'

/** GET /config. */
export const RuntimeConfig = Type.Object({
  evidence_extractor_url: Type.String({ description: 'base URL of the extractor in effect' }),
  evidence_extractor_key: Type.Optional(Type.String({ description: ExtractorKeyDescription })),
})

/** PUT /config. */
export const UpdateRuntimeConfigRequest = Type.Object({
  evidence_extractor_url: Type.String({ description: 'absolute http(s) URL, or "" for the embedded default' }),
  evidence_extractor_key: Type.Optional(
    Type.String({ description: `${ExtractorKeyDescription}; goes with the URL: a PUT without it leaves no key configured` }),
  ),
})
