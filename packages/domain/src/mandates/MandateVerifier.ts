// Verifies the proof bundles of mandate payments for one domain (@verity/sdk's verifyMandateBundle
// with the domain's trusted extractor keys), on the prover's worker threads, before a batch queues
// for its commit: never in the serial section that every batch and the store's writes share.
// A bundle submitted again (a retry, 20 agents racing) costs no second verification: results are
// remembered by the hash of the bundle's canonical JSON, and a verification under way is shared.
import { canonicalJsonBytes, sha256 } from '@verity/core'
import type { Prover } from '@verity/prover'
import { verifyMandateBundle, type MandateVerification } from '@verity/sdk'
import { MANDATE_VERIFICATIONS_CACHED_MAX } from '../limits.ts'

export type MandateVerifierOptions = {
  /** the policy verifier (the domain's circuit prover's workers) */
  verifier: Pick<Prover, 'verifyPolicy'>
  /** `mandates.trusted_extractor_keys` */
  trustedExtractorKeys: readonly string[]
  /** refuse dev-CRS proofs (`prover.production`) */
  production?: boolean
}

export class MandateVerifier {
  readonly #options: MandateVerifierOptions
  readonly #results = new Map<string, Promise<MandateVerification>>()

  constructor(options: MandateVerifierOptions) {
    this.#options = options
  }

  /** The bundle's verification (shared with any verification of the same bundle under way or done lately). */
  verify(bundle: unknown): Promise<MandateVerification> {
    const key = Buffer.from(sha256(canonicalJsonBytes(bundle, 'proof bundle'))).toString('hex')
    const known = this.#results.get(key)
    if (known !== undefined) {
      // Most recently used last: the map's order is the eviction order.
      this.#results.delete(key)
      this.#results.set(key, known)
      return known
    }
    const result = verifyMandateBundle(bundle, this.#options)
    this.#results.set(key, result)
    // A thrown verification (the prover failed, not the bundle) is not remembered: the next try verifies again.
    result.catch(() => this.#results.delete(key))
    if (this.#results.size > MANDATE_VERIFICATIONS_CACHED_MAX) this.#results.delete(this.#results.keys().next().value!)
    return result
  }
}
