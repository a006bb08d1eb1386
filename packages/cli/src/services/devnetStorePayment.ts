import { join } from 'node:path'
import { createProver, type Prover } from '@verity/prover'
import { createVerityDomainPayment, loadOrCreateMerchantKey, type VerityDomainPayment } from '@verity/store'

export type DevnetStorePayment = VerityDomainPayment & {
  /** Orchestrators the store reads proofs from: the devnet's, added once it listens. */
  orchestratorsAllowed: string[]
  /** The store's and the domain's URLs, set by the stack once each listens (ports may be chosen by the system). */
  urls: { store: string; domain: string }
  close(): Promise<void>
}

/**
 * The devnet store's dev.verity.domain payment handler and AP2 mandate check
 * (docs/ap2-verity-constraint.md): it trusts the devnet's extractor key, reads proofs from the
 * devnet's orchestrator, and is paid on the devnet's domain in the Devnet Dollar. Its own prover
 * verifies proofs (closed with the stack).
 */
export function devnetStorePayment(options: { stateDir: string; payee: string; token: string; extractorKey: string; crsPath?: string }): DevnetStorePayment {
  const orchestratorsAllowed: string[] = []
  const urls = { store: '', domain: '' }
  let prover: Prover | undefined
  // The same key file the store signs its checkouts with (created here when missing, read by the store after).
  const key = loadOrCreateMerchantKey(join(options.stateDir, 'signing-key.json'))
  const payment = createVerityDomainPayment({
    payee: options.payee,
    token: options.token,
    domainUrl: () => urls.domain,
    businessUrl: () => urls.store,
    signingKeys: [key.publicJwk],
    orchestratorsAllowed,
    trustedExtractorKeys: [options.extractorKey],
    verifier: { verifyPolicy: (...args) => (prover ??= createProver({ threads: 1, ...(options.crsPath === undefined ? {} : { crsPath: options.crsPath }) })).verifyPolicy(...args) },
  })
  return { ...payment, orchestratorsAllowed, urls, close: async () => prover?.close() }
}
