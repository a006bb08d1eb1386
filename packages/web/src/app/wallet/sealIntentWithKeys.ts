import { canonicalJsonBytes, type AgentKey, type Signature } from '@verity/core'
import type { CompiledTemplate } from '@verity/policy'
import { sealedIntentParts, type SealedIntentOpening } from '../../../../sdk/src/sealed/sealIntent.ts'
import { multisigPubKey, type Signing } from './signIntentWithKeys.ts'
import { signWithKey } from './signWithKey.ts'

/**
 * A sealed intent (shape B, docs/protocol.md "Sealed intents") as POST /intents takes it: the
 * SDK's sealedIntentParts commits to the attrs here, in the page, with a fresh secret salt, and the
 * keys sign the commitments (passkeys through the browser's prompt, a multisig's first `threshold`
 * keys). Returns the body (the signed part and the opening beside it) and the opening, which the
 * page keeps so the user can read a failure's values later.
 */
export async function sealIntentWithKeys(params: { id: string; compiled: CompiledTemplate; fields: Record<string, unknown>; signing: Signing; agents?: readonly AgentKey[] }): Promise<{ body: Record<string, unknown>; opening: SealedIntentOpening }> {
  const { signed: intent, opening } = await sealedIntentParts({ id: params.id, compiled: params.compiled, fields: params.fields, ...(params.agents === undefined ? {} : { agents: params.agents }) })
  const bytes = canonicalJsonBytes(intent)
  let signature: Signature
  if (params.signing.kind === 'single') signature = await signWithKey(params.signing.key, bytes)
  else {
    const { keys, threshold } = params.signing
    const signatures: Signature[] = []
    for (const key of keys.slice(0, threshold)) signatures.push(await signWithKey(key, bytes))
    signature = { Multisig: { pub_key: multisigPubKey(keys, threshold), signatures } } as Signature
  }
  return { body: { authorship: { Signed: signature }, intent, opening }, opening }
}
