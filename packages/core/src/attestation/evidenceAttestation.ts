import { canonicalJsonBytes } from '../encoding/jcs.ts'
import type { Ed25519Signer } from '../signer/Ed25519Signer.ts'
import type { Ed25519Signature } from '../signature/Signature.ts'
import { checkParsedSignature } from '../signature/verifySignature.ts'
import { parseSignature } from '../signature/parseSignature.ts'

/** Domain-separation tag of the bytes an extractor signs: no other signed message of Verity can be taken for one. */
export const EVIDENCE_ATTESTATION_TAG = 'verity/evidence-attestation/v1'
/** Fetched sources one attestation may list (a storefront fetch follows a few redirects and formats). */
export const ATTESTATION_SOURCES_MAX = 16

/** One document an extractor fetched to establish the evidence: its URL, HTTP status and the SHA-256 (hex) of its body. */
export type EvidenceSource = { url: string; status: number; body_sha256: string }

/**
 * An extractor's signed statement about one extraction (docs/proofs.md, "The trust chain"): when
 * it extracted, what it fetched, and its Ed25519 signature over those and the extraction (request
 * and evidence). The extractor's public key is `signature.Ed25519.pub_key`.
 */
export type EvidenceAttestation = {
  version: 1
  extracted_at_ms: number
  sources: EvidenceSource[]
  signature: Ed25519Signature
}

/** What an attestation vouches for: the request's intent, template, solution and metadata, and the evidence given. */
export type AttestedExtraction = {
  intent_id?: string | undefined
  template_id?: string | undefined
  solution: string
  metadata?: unknown
  evidence: Record<string, unknown>
}

/**
 * The signed bytes: UTF-8 of JCS of `{tag, extractor_key, extracted_at_ms, sources, intent_id,
 * template_id, solution, metadata, evidence}` (absent intent, template or metadata are null).
 * Integers beyond 2^53 have no JCS form: such evidence cannot be attested (InvalidJsonError).
 */
export function evidenceAttestationBytes(
  extraction: AttestedExtraction,
  statement: { extractorKey: string; extractedAtMs: number; sources: readonly EvidenceSource[] },
): Uint8Array {
  return canonicalJsonBytes(
    {
      tag: EVIDENCE_ATTESTATION_TAG,
      extractor_key: statement.extractorKey,
      extracted_at_ms: statement.extractedAtMs,
      sources: statement.sources,
      intent_id: extraction.intent_id ?? null,
      template_id: extraction.template_id ?? null,
      solution: extraction.solution,
      metadata: extraction.metadata ?? null,
      evidence: extraction.evidence,
    },
    'attested extraction',
  )
}

/**
 * Signs an extraction with the extractor's key.
 * @example const attestation = attestEvidence(extractorKey, { solution, metadata, evidence }, { extractedAtMs: Date.now(), sources: [] })
 */
export function attestEvidence(
  signer: Ed25519Signer,
  extraction: AttestedExtraction,
  statement: { extractedAtMs: number; sources: readonly EvidenceSource[] },
): EvidenceAttestation {
  if (statement.sources.length > ATTESTATION_SOURCES_MAX)
    throw new RangeError(`"sources" expected at most ${ATTESTATION_SOURCES_MAX}, got ${statement.sources.length}`)
  const bytes = evidenceAttestationBytes(extraction, { ...statement, extractorKey: signer.publicKeyBase58 })
  return { version: 1, extracted_at_ms: statement.extractedAtMs, sources: [...statement.sources], signature: signer.sign(bytes) }
}

/** The outcome of checking an attestation: the extractor key it is signed with, or why it fails. */
export type AttestationCheck = { ok: true; extractorKey: string; attestation: EvidenceAttestation } | { ok: false; reason: string }

/**
 * Checks that `attestation` is well formed and that its Ed25519 signature verifies over this very
 * extraction (so evidence, solution, metadata, intent or template changed since make it fail).
 * It does not decide whether the key is trusted: compare `extractorKey` with the keys you trust.
 */
export function checkEvidenceAttestation(attestation: unknown, extraction: AttestedExtraction): AttestationCheck {
  const shape = readAttestation(attestation)
  if (typeof shape === 'string') return { ok: false, reason: `malformed attestation: ${shape}` }
  let parsed
  try {
    parsed = parseSignature(shape.signature)
  } catch (error) {
    return { ok: false, reason: `malformed attestation: ${(error as Error).message}` }
  }
  if (parsed.scheme !== 'Ed25519') return { ok: false, reason: 'malformed attestation: extractors sign with Ed25519 keys only' }
  const extractorKey = shape.signature.Ed25519.pub_key
  let bytes: Uint8Array
  try {
    bytes = evidenceAttestationBytes(extraction, { extractorKey, extractedAtMs: shape.extracted_at_ms, sources: shape.sources })
  } catch (error) {
    return { ok: false, reason: `the extraction cannot be attested: ${(error as Error).message}` }
  }
  const failure = checkParsedSignature(parsed, bytes)
  if (failure !== null) return { ok: false, reason: `the attestation's signature does not verify over this extraction (${failure})` }
  return { ok: true, extractorKey, attestation: shape }
}

function readAttestation(value: unknown): EvidenceAttestation | string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'expected an object'
  const record = value as Record<string, unknown>
  const extra = Object.keys(record).filter((key) => !['version', 'extracted_at_ms', 'sources', 'signature'].includes(key))
  if (extra.length > 0) return `unknown field ${extra[0]}`
  if (record.version !== 1) return 'version must be 1'
  if (typeof record.extracted_at_ms !== 'number' || !Number.isSafeInteger(record.extracted_at_ms) || record.extracted_at_ms < 0)
    return 'extracted_at_ms must be a non-negative integer'
  if (!Array.isArray(record.sources) || record.sources.length > ATTESTATION_SOURCES_MAX)
    return `sources must be an array of at most ${ATTESTATION_SOURCES_MAX}`
  for (const [index, source] of record.sources.entries()) {
    const reason = readSource(source)
    if (reason !== null) return `sources[${index}]: ${reason}`
  }
  const signature = record.signature as { Ed25519?: unknown } | null
  if (signature === null || typeof signature !== 'object' || signature.Ed25519 === undefined) return 'signature must be an Ed25519 signature'
  return value as EvidenceAttestation
}

function readSource(value: unknown): string | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'expected {url, status, body_sha256}'
  const source = value as Record<string, unknown>
  if (Object.keys(source).length !== 3) return 'expected exactly url, status and body_sha256'
  if (typeof source.url !== 'string' || source.url.length === 0) return 'url must be a non-empty string'
  if (typeof source.status !== 'number' || !Number.isInteger(source.status) || source.status < 100 || source.status > 599) return 'status must be an HTTP status'
  if (typeof source.body_sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(source.body_sha256)) return 'body_sha256 must be 64 lowercase hex digits'
  return null
}
