// The base layer a domain talks to: a remote node over HTTP (`rpc_url`), or, when none is
// configured, an embedded in-process node whose genesis funds the operator key, stored in the
// domain's data directory, or in the domain's PostgreSQL database when it has one (so that a
// domain restarting on another machine finds its settlements there too).
import type { Signer } from '@verity/core'
import { BaseLayerNode, HttpBaseLayerClient, InProcessBaseLayerClient, openBaseLayerStore, ProverSdlVerifier, type BaseLayerClient } from '@verity/base-layer'

/** Native balance the embedded base layer's genesis gives the operator, in plancks. */
export const EMBEDDED_OPERATOR_BALANCE = 1_000_000_000_000n

export type OpenedBaseLayer = { client: BaseLayerClient; embedded: BaseLayerNode | null; close(): Promise<void> }

export async function openBaseLayer(options: {
  rpcUrl?: string
  dataDir: string
  /** the domain's PostgreSQL database, which then also holds the embedded base layer's tables */
  databaseUrl?: string
  operator: Signer
  crsPath?: string
  agreementActivationDelayMs?: number
  /** the extractor keys the embedded base layer trusts for mandate payments (the domain's `mandates.trusted_extractor_keys`) */
  trustedExtractorKeys?: readonly string[]
}): Promise<OpenedBaseLayer> {
  if (options.rpcUrl !== undefined) {
    const client = new HttpBaseLayerClient(options.rpcUrl)
    return { client, embedded: null, close: () => client.close() }
  }
  const store = await openBaseLayerStore({ databaseUrl: options.databaseUrl, dataDir: options.dataDir })
  const verifier = new ProverSdlVerifier({ ...(options.crsPath === undefined ? {} : { crsPath: options.crsPath }), trustedExtractorKeys: options.trustedExtractorKeys ?? [] })
  const node = new BaseLayerNode({
    store,
    verifier,
    genesis: { accounts: [{ ownerId: options.operator.ownerId, balance: EMBEDDED_OPERATOR_BALANCE }], agreementActivationDelayMs: options.agreementActivationDelayMs ?? 0 },
  })
  const client = new InProcessBaseLayerClient(node)
  return {
    client,
    embedded: node,
    close: async () => {
      await client.close()
      await node.close()
      await verifier.close()
    },
  }
}
