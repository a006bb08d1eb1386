import type { KeySigner } from '@verity/core'

/** The line `verity mcp --key` prints on stderr: an agent's public key beside its owner id, which look alike. */
export function describeAgentKey(signer: KeySigner): string {
  return `agent key: public key ${signer.publicKeyBase58} (what an intent names: --agent), owner id ${signer.ownerId}`
}
