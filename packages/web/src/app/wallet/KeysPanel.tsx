import { useState } from 'preact/hooks'
import { ErrorNote } from '../components/ErrorNote.tsx'
import { createPasskey } from './createPasskey.ts'
import { importKeyFile } from './importKeyFile.ts'
import { ownerIdOfWalletKey, type WalletKey } from './WalletKey.ts'

type Props = { keys: readonly WalletKey[]; onAdd: (key: WalletKey) => void }

/** The wallet's keys: create a passkey, import an Ed25519 key file, and each key's owner id. */
export function KeysPanel({ keys, onAdd }: Props) {
  const [label, setLabel] = useState('my passkey')
  const [createError, setCreateError] = useState<unknown>()
  const [importError, setImportError] = useState<unknown>()
  const [busy, setBusy] = useState(false)

  const create = async () => {
    setBusy(true)
    setCreateError(undefined)
    try {
      onAdd(await createPasskey(label.trim() || 'passkey'))
    } catch (error) {
      setCreateError(error)
    } finally {
      setBusy(false)
    }
  }
  const importFile = async (file: File | undefined) => {
    setImportError(undefined)
    if (file === undefined) return
    try {
      onAdd(importKeyFile(await file.text(), file.name))
    } catch (error) {
      setImportError(error)
    }
  }

  return (
    <section aria-labelledby="keys-title">
      <h2 id="keys-title">1. Your keys</h2>
      <div class="row">
        <label for="passkey-label">Passkey name</label>
        <input id="passkey-label" value={label} onInput={(event) => setLabel(event.currentTarget.value)} />
        <button type="button" onClick={create} disabled={busy}>
          Create a passkey
        </button>
      </div>
      <ErrorNote error={createError} />
      <div class="row">
        <label for="key-file">Import an Ed25519 key file</label>
        <input id="key-file" type="file" accept=".json,application/json" onChange={(event) => importFile(event.currentTarget.files?.[0])} />
      </div>
      <ErrorNote error={importError} />
      {keys.length === 0 ? (
        <p class="muted">No key yet.</p>
      ) : (
        <ul class="keys" aria-label="keys">
          {keys.map((key) => (
            <li key={key.publicKeyBase58}>
              <strong>{key.label}</strong> <span class="tag">{key.kind === 'passkey' ? 'passkey (P-256)' : 'Ed25519 key file'}</span>
              <div>
                owner id <code data-testid="owner-id">{ownerIdOfWalletKey(key)}</code>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
