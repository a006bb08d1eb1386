// The client-only entry of @verity/base-layer (`@verity/base-layer/client`): calling a base-layer
// node over JSON-RPC without loading the node, its store or its HTTP server. Re-exports only.
export type { BaseLayerClient } from './BaseLayerClient.ts'
export { HttpBaseLayerClient, type HttpBaseLayerClientOptions } from './HttpBaseLayerClient.ts'
export { signAgreementRequest, signSdlSubmission } from './signRequests.ts'
export { BaseLayerRpcError, BaseLayerUnavailableError } from '../errors/clientErrors.ts'
