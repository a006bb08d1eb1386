import { ownerIdOfMultisig } from '@verity/core'
import { WALLET_MULTISIG_KEYS_MAX } from '../../limits.ts'
import { multisigPubKey, type Signing } from './signIntentWithKeys.ts'
import type { WalletKey } from './WalletKey.ts'

type Props = { keys: readonly WalletKey[]; chosen: readonly string[]; threshold: number; onChange: (chosen: string[], threshold: number) => void }

/** Which keys sign: tick one for a single signature, several for a multisig (weight 1 each) with a threshold. */
export function SigningPicker({ keys, chosen, threshold, onChange }: Props) {
  const chosenKeys = keys.filter((key) => chosen.includes(key.publicKeyBase58))
  const toggle = (publicKey: string, on: boolean) => {
    const next = on ? [...chosen, publicKey].slice(0, WALLET_MULTISIG_KEYS_MAX) : chosen.filter((item) => item !== publicKey)
    onChange(next, Math.min(Math.max(1, threshold), Math.max(1, next.length)))
  }
  return (
    <fieldset>
      <legend>Signing keys</legend>
      {keys.map((key) => (
        <label class="check" key={key.publicKeyBase58}>
          <input type="checkbox" checked={chosen.includes(key.publicKeyBase58)} onChange={(event) => toggle(key.publicKeyBase58, event.currentTarget.checked)} />
          {key.label}
        </label>
      ))}
      {chosenKeys.length > 1 ? (
        <div class="row">
          <label for="threshold">Multisig threshold (of {chosenKeys.length})</label>
          <input id="threshold" type="number" min={1} max={chosenKeys.length} value={threshold} onInput={(event) => onChange([...chosen], Number(event.currentTarget.value) || 1)} />
          <span>
            multisig owner id <code data-testid="multisig-owner-id">{ownerIdOfMultisig(multisigPubKey(chosenKeys, threshold))}</code>
          </span>
        </div>
      ) : null}
    </fieldset>
  )
}

/** The signing the picker describes, or undefined when no key is ticked. */
export function signingOf(keys: readonly WalletKey[], chosen: readonly string[], threshold: number): Signing | undefined {
  const chosenKeys = keys.filter((key) => chosen.includes(key.publicKeyBase58))
  if (chosenKeys.length === 0) return undefined
  if (chosenKeys.length === 1) return { kind: 'single', key: chosenKeys[0]! }
  return { kind: 'multisig', keys: chosenKeys, threshold }
}
