import { ownerIdOfSignature, type AgentAuthorization } from '@verity/core'

/**
 * The reason of AGENT_NOT_NAMED in words that name both keys and the signer's owner id, since a
 * public key and an owner id look alike (issue 44): "the intent names key X; this proposal is
 * signed by key Y, owner id Z". A multisig key is shown by its owner id.
 */
export function describeNotNamed(agents: unknown, authorization: AgentAuthorization): string {
  const named = Array.isArray(agents) ? agents.map(describeKey) : []
  const [scheme, body] = Object.entries(authorization.signature as Record<string, { pub_key?: unknown }>)[0] ?? []
  const key = typeof body?.pub_key === 'string' ? `${scheme} key ${body.pub_key}` : `a ${scheme ?? 'malformed'} key`
  return (
    `the intent names ${named.length === 1 ? 'key' : 'keys'} ${named.join(', ')}; ` +
    `this proposal is signed by ${key}, owner id ${ownerIdOfSignature(authorization.signature)}, which is not one of them`
  )
}

function describeKey(agent: unknown): string {
  const [scheme, body] = Object.entries((agent ?? {}) as Record<string, unknown>)[0] ?? []
  if (typeof body === 'string') return `${scheme} ${body}`
  return `${scheme ?? '?'} (a multisig key)`
}
