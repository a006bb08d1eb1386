import { stringifyJsonBigint } from '@verity/core'
import { useState } from 'preact/hooks'
import { ApiError } from '../api/ApiError.ts'
import { callApi } from '../api/callApi.ts'
import { callBaseLayer } from '../api/callBaseLayer.ts'
import { ErrorNote } from '../components/ErrorNote.tsx'

type Vaults = { local: unknown; finalized: unknown }

/** A vault by owner id: the domain's local view and the base layer's finalized view, side by side. */
export function VaultLookup() {
  const [ownerId, setOwnerId] = useState('')
  const [shard, setShard] = useState('1')
  const [vaults, setVaults] = useState<Vaults>()
  const [error, setError] = useState<unknown>()
  const lookUp = async (event: Event) => {
    event.preventDefault()
    setError(undefined)
    setVaults(undefined)
    try {
      const owner = ownerId.trim()
      const local = await callApi(`/api/domain/vaults/${encodeURIComponent(owner)}`).catch((failure: unknown) => {
        if (failure instanceof ApiError && failure.status === 404) return null
        throw failure
      })
      const finalized = await callBaseLayer('getVault', { address: `${owner},${Number(shard)}` })
      setVaults({ local, finalized })
    } catch (failure) {
      setError(failure)
    }
  }
  return (
    <section aria-labelledby="vaults-title">
      <h2 id="vaults-title">Vaults</h2>
      <form class="row" onSubmit={lookUp}>
        <label for="vault-owner">Owner id</label>
        <input id="vault-owner" value={ownerId} onInput={(event) => setOwnerId(event.currentTarget.value)} />
        <label for="vault-shard">Shard</label>
        <input id="vault-shard" class="narrow" inputMode="numeric" value={shard} onInput={(event) => setShard(event.currentTarget.value)} />
        <button type="submit" disabled={ownerId.trim() === ''}>
          Look up
        </button>
      </form>
      <ErrorNote error={error} />
      {vaults ? (
        <div class="columns" data-testid="vaults">
          <div>
            <h3>Domain (local, shard {shard})</h3>
            <pre>{vaults.local === null ? 'no vault' : stringifyJsonBigint(vaults.local, 2)}</pre>
          </div>
          <div>
            <h3>Base layer (finalized)</h3>
            <pre>{vaults.finalized === null ? 'no vault' : stringifyJsonBigint(vaults.finalized, 2)}</pre>
          </div>
        </div>
      ) : null}
    </section>
  )
}
