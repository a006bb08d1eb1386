import { stringifyJsonBigint } from '@verity/core'
import { useState } from 'preact/hooks'
import { ApiError } from '../api/ApiError.ts'
import { callApi } from '../api/callApi.ts'
import { callBaseLayer } from '../api/callBaseLayer.ts'
import { ErrorNote } from '../components/ErrorNote.tsx'
import type { CheckedFinalizedVault } from './checkFinalizedVault.ts'
import type { EvmFinalizedVaultAnswer } from '../../../../sdk/src/finalized/verifyFinalizedVault.ts'

/** The finalized view: the base layer's vault, or an EVM-settled domain's vault checked against the chain's root (or refused). */
type Finalized =
  | { settlement: 'base_layer'; vault: unknown }
  | { settlement: 'evm'; checked: CheckedFinalizedVault }
  | { settlement: 'evm'; refused: string }

type Vaults = { local: unknown; finalized: Finalized }

/**
 * A vault by owner id: the domain's local view and the finalized view side by side. The finalized
 * view is the base layer's, or, for a domain settling on an EVM chain, the domain's answer checked
 * in this page against the root the VeritySettlement contract holds (checkFinalizedVault.ts).
 */
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
      setVaults({ local, finalized: await lookUpFinalized(owner, Number(shard)) })
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
          <FinalizedColumn finalized={vaults.finalized} />
        </div>
      ) : null}
    </section>
  )
}

/** Asks the domain where its vaults are finalized; on an EVM chain checks its answer here, on the base layer asks the base layer. */
async function lookUpFinalized(owner: string, shard: number): Promise<Finalized> {
  const answer = await callApi<{ settlement: 'base_layer' } | (EvmFinalizedVaultAnswer & { settlement: 'evm' })>(`/api/domain/vaults/${encodeURIComponent(owner)}/finalized`).catch((failure: unknown) => {
    // A domain from before this route: the base layer's view, as before.
    if (failure instanceof ApiError && failure.status === 404) return { settlement: 'base_layer' as const }
    throw failure
  })
  if (answer.settlement === 'base_layer') return { settlement: 'base_layer', vault: await callBaseLayer('getVault', { address: `${owner},${shard}` }) }
  const { checkFinalizedVault } = await import('./checkFinalizedVault.ts')
  try {
    return { settlement: 'evm', checked: await checkFinalizedVault(answer, owner) }
  } catch (failure) {
    if (failure instanceof Error && (failure as { code?: string }).code === 'FINALIZED_PROOF_INVALID') return { settlement: 'evm', refused: failure.message }
    throw failure
  }
}

function FinalizedColumn({ finalized }: { finalized: Finalized }) {
  if (finalized.settlement === 'base_layer')
    return (
      <div>
        <h3>Base layer (finalized)</h3>
        <pre>{finalized.vault === null ? 'no vault' : stringifyJsonBigint(finalized.vault, 2)}</pre>
      </div>
    )
  if ('refused' in finalized)
    return (
      <div>
        <h3>EVM chain (finalized)</h3>
        <p class="error" data-testid="finalized-check">{finalized.refused}</p>
      </div>
    )
  const { view, blockNumber } = finalized.checked
  const shown = { address: view.address, nonce: view.nonce, role: view.role, balance: view.balance, fungibles: view.fungibles, nfts: view.nfts, ...(view.supply > 0n ? { supply: view.supply } : {}) }
  return (
    <div>
      <h3>Chain {view.chainId} (finalized)</h3>
      <p class="success" data-testid="finalized-check">
        finalized on chain {view.chainId} at block {String(blockNumber)}, proof checked
      </p>
      <pre>{view.inFinalizedState ? stringifyJsonBigint(shown, 2) : 'not in the finalized state (no settled SDL holds it)'}</pre>
    </div>
  )
}
