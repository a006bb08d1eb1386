// The app is built before the domain is open (its logger serves the startup), so its routes
// reach the domain through this forwarder, which answers 503 until the domain is ready.
import type { DomainApi } from '../DomainApi.ts'
import { BaseLayerUnavailableError } from '@verity/base-layer'

export function deferredDomainApi(): { api: DomainApi; resolve(domain: DomainApi): void } {
  let target: DomainApi | null = null
  const ready = (): DomainApi => {
    if (target === null) throw new BaseLayerUnavailableError({ reason: 'the domain is still starting' })
    return target
  }
  const api: DomainApi = {
    getVault: (ownerId) => ready().getVault(ownerId),
    nextNonce: (ownerId) => ready().nextNonce(ownerId),
    execute: (batch) => ready().execute(batch),
    submit: (batch) => ready().submit(batch),
    listSdls: (offset, limit) => ready().listSdls(offset, limit),
    getSdlState: (hash) => ready().getSdlState(hash),
    submitSdl: () => ready().submitSdl(),
    prove: (hash, input) => ready().prove(hash, input),
    submitProof: (hash) => ready().submitProof(hash),
    listPayments: (query) => ready().listPayments(query),
  }
  return { api, resolve: (domain) => (target = domain) }
}
