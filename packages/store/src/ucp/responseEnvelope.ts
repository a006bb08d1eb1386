import { UCP_VERSION, type Static, type UcpErrorResponse, type UcpResponseMetadata } from '@verity/wire'

/** The `ucp` envelope of a catalog reply: the version used and the one capability the operation belongs to. */
export function responseEnvelope(capability: string): Static<typeof UcpResponseMetadata> {
  return { version: UCP_VERSION, capabilities: { [capability]: [{ version: UCP_VERSION }] } }
}

/** A UCP error reply (error_response.json): `ucp.status: "error"` with one unrecoverable error message. */
export function errorReply(code: string, content: string, capability?: string): Static<typeof UcpErrorResponse> {
  const ucp = capability === undefined ? { version: UCP_VERSION } : responseEnvelope(capability)
  return { ucp: { ...ucp, status: 'error' }, messages: [{ type: 'error', code, content, severity: 'unrecoverable' }] }
}
