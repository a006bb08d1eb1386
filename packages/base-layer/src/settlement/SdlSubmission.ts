import type { HashDigest } from '@verity/core'
import type { SdlRecord } from '../store/BaseLayerStore.ts'

/**
 * `submitSdl` params: the SDL content (the ledger's SDL content, wire JSON), its proof artifacts
 * (the SDL proof first, then guardrail proofs) and the operator's Ed25519 signature over
 * UTF-8 JCS(`{ method: "submitSdl", payload: { content, proofs } }`). `hash` is optional; when sent
 * it must equal the hash of `content`.
 */
export type SdlSubmission = {
  content: unknown
  proofs: unknown
  signature: unknown
  hash?: HashDigest | undefined
}

/** The answer to `submitSdl`. */
export type SdlSubmissionResult =
  | { status: 'applied'; hash: HashDigest; shard: number; sequence: bigint; root: string }
  | { status: 'failed'; hash: HashDigest | null; code: string; reason: string }

/** The answer to `getSdlStatus`: the recorded outcome, or `unknown` for a hash never settled. */
export type SdlStatus =
  | { status: 'applied'; hash: HashDigest; shard: number; sequence: bigint; root: string; applied_at_ms: number }
  | { status: 'failed'; hash: HashDigest; shard: number; sequence: bigint; code: string; reason: string; failed_at_ms: number }
  | { status: 'unknown'; hash: HashDigest }

export function sdlStatusView(hash: HashDigest, record: SdlRecord | undefined): SdlStatus {
  if (record === undefined) return { status: 'unknown', hash }
  if (record.status === 'applied')
    return { status: 'applied', hash, shard: record.shard, sequence: record.sequence, root: record.root, applied_at_ms: record.appliedAtMs }
  return {
    status: 'failed',
    hash,
    shard: record.shard,
    sequence: record.sequence,
    code: record.code,
    reason: record.reason,
    failed_at_ms: record.failedAtMs,
  }
}
