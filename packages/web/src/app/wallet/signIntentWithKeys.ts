import { canonicalJsonBytes, type AgentKey, type MultisigPubKey, type Signature } from '@verity/core'
import { signIntent } from '../../../../sdk/src/intents/signIntent.ts'
import { signWithKey } from './signWithKey.ts'
import type { WalletKey } from './WalletKey.ts'

/** Who signs: one key, or several keys of a multisig (each weight 1) with a threshold. */
export type Signing = { kind: 'single'; key: WalletKey } | { kind: 'multisig'; keys: readonly WalletKey[]; threshold: number }

/** The multisig descriptor of `signing` (DESIGN §3): each key weight 1. */
export function multisigPubKey(keys: readonly WalletKey[], threshold: number): MultisigPubKey {
  return { signers: Object.fromEntries(keys.map((key) => [key.publicKeyBase58, 1])), threshold }
}

/**
 * A signed intent (shape B) as POST /intents takes it. The intent is built by the SDK's
 * `signIntent` (so its shape is the CLI's), its signed bytes are UTF-8 of JCS(intent), and each
 * key signs them: a passkey through the browser's WebAuthn prompt. A multisig collects the
 * first `threshold` keys' signatures. `agents` (non-empty) are signed with the rest: only they may propose.
 */
export async function signIntentWithKeys(params: { id: string; templateId: string; fields: Record<string, unknown>; signing: Signing; agents?: readonly AgentKey[] }): Promise<Record<string, unknown>> {
  const agents = params.agents === undefined || params.agents.length === 0 ? {} : { agents: params.agents }
  const unsigned = signIntent({ id: params.id, templateId: params.templateId, fields: params.fields, signer: 'Unsigned', ...agents })
  const bytes = canonicalJsonBytes(unsigned.intent)
  let signature: Signature
  if (params.signing.kind === 'single') signature = await signWithKey(params.signing.key, bytes)
  else {
    const { keys, threshold } = params.signing
    const signatures: Signature[] = []
    for (const key of keys.slice(0, threshold)) signatures.push(await signWithKey(key, bytes))
    signature = { Multisig: { pub_key: multisigPubKey(keys, threshold), signatures } } as Signature
  }
  return { authorship: { Signed: signature }, intent: unsigned.intent }
}
