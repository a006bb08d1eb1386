import { stringifyJsonBigint } from '@verity/core'
import { useState } from 'preact/hooks'
import { ApiError } from '../api/ApiError.ts'
import { callApi } from '../api/callApi.ts'
import { callBaseLayer } from '../api/callBaseLayer.ts'
import { EXPLORER_TOKEN_SYMBOLS_MAX } from '../../limits.ts'
import { ErrorNote } from '../components/ErrorNote.tsx'
import { balanceRows, mintOwnerOf, symbolOfMint } from './balanceRows.ts'
import { BalancesTable } from './BalancesTable.tsx'
import type { CheckedFinalizedVault } from './checkFinalizedVault.ts'
import type { EvmFinalizedVaultAnswer } from '../../../../sdk/src/finalized/verifyFinalizedVault.ts'

/** The finalized view: the base layer's vault, or an EVM-settled domain's vault checked against the chain's root (or refused). */
type Finalized =
  | { settlement: 'base_layer'; vault: unknown }
  | { settlement: 'evm'; checked: CheckedFinalizedVault }
  | { settlement: 'evm'; refused: string }

type Vaults = { local: unknown; finalized: Finalized; symbols: ReadonlyMap<string, string> }

/**
 * A vault by owner id, or by address (`owner,shard`, what `verity address` prints): the domain's local view and the finalized view side by side, each as a
 * table of balances (token, symbol, amount; symbols from the tokens' mint vaults), with the raw
 * vault under it. The finalized
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
      // `owner,shard` (what `verity address` prints) fills both fields.
      const [owner = '', shardText] = ownerId.trim().split(',').map((part) => part.trim())
      if (shardText !== undefined) {
        if (!/^[0-9]{1,10}$/.test(shardText)) throw new Error(`"${ownerId.trim()}": an owner id, or an address owner,shard such as verity address prints`)
        setOwnerId(owner)
        setShard(shardText)
      }
      const shardNumber = Number(shardText ?? shard)
      const local = await callApi(`/api/domain/vaults/${encodeURIComponent(owner)}`).catch((failure: unknown) => {
        if (failure instanceof ApiError && failure.status === 404) return null
        throw failure
      })
      const finalized = await lookUpFinalized(owner, shardNumber)
      setVaults({ local, finalized, symbols: await lookUpSymbols([local, finalizedVaultOf(finalized)]) })
    } catch (failure) {
      setError(failure)
    }
  }
  return (
    <section aria-labelledby="vaults-title">
      <h2 id="vaults-title">Vaults</h2>
      <form class="row" onSubmit={lookUp}>
        <label for="vault-owner">Owner id or address</label>
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
            <BalancesTable rows={balanceRows(vaults.local)} symbols={vaults.symbols} testId="balances-local" />
            <RawVault vault={vaults.local} />
          </div>
          <FinalizedColumn finalized={vaults.finalized} symbols={vaults.symbols} />
        </div>
      ) : null}
    </section>
  )
}

/** The failures that refuse an EVM finalized view (shown in its column), as against a service that cannot answer. */
const FINALIZED_REFUSAL_CODES: readonly string[] = ['FINALIZED_PROOF_INVALID', 'EVM_SETTLEMENT_CONTRACT_MISMATCH', 'EVM_CONTRACT_NOT_PINNED']

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
    // A proof that does not lead to the root, or a contract that is not this version's VeritySettlement or not the pinned one (the web server checks both): refused.
    if (failure instanceof Error && FINALIZED_REFUSAL_CODES.includes((failure as { code?: string }).code ?? '')) return { settlement: 'evm', refused: failure.message }
    throw failure
  }
}

/** The vault a finalized view shows (null: none), for its balances and its tokens' symbols. */
function finalizedVaultOf(finalized: Finalized): unknown {
  if (finalized.settlement === 'base_layer') return finalized.vault
  if ('refused' in finalized) return null
  const { view } = finalized.checked
  if (!view.inFinalizedState) return null
  return { address: view.address, nonce: view.nonce, role: view.role, balance: view.balance, fungibles: view.fungibles, nfts: view.nfts, ...(view.supply > 0n ? { supply: view.supply } : {}) }
}

/** Each token's symbol (its mint vault's metadata, asked of the domain), for the first EXPLORER_TOKEN_SYMBOLS_MAX tokens of the views. */
async function lookUpSymbols(views: unknown[]): Promise<ReadonlyMap<string, string>> {
  const tokens = [...new Set(views.flatMap((view) => balanceRows(view).filter((row) => row.kind !== 'native').map((row) => row.token)))].slice(0, EXPLORER_TOKEN_SYMBOLS_MAX)
  const symbols = new Map<string, string>()
  await Promise.all(
    tokens.map(async (token) => {
      // A token whose mint the domain does not know (or cannot answer for) is shown by id alone.
      const mint = await callApi(`/api/domain/vaults/${encodeURIComponent(mintOwnerOf(token))}`).catch(() => null)
      const symbol = symbolOfMint(mint)
      if (symbol !== undefined) symbols.set(token, symbol)
    }),
  )
  return symbols
}

/** The whole vault as JSON (nonce, role, metadata…), folded under its balances. */
function RawVault({ vault }: { vault: unknown }) {
  if (vault === null) return null
  return (
    <details>
      <summary>Raw vault</summary>
      <pre>{stringifyJsonBigint(vault, 2)}</pre>
    </details>
  )
}

function FinalizedColumn({ finalized, symbols }: { finalized: Finalized; symbols: ReadonlyMap<string, string> }) {
  if (finalized.settlement === 'base_layer')
    return (
      <div>
        <h3>Base layer (finalized)</h3>
        <BalancesTable rows={balanceRows(finalized.vault)} symbols={symbols} testId="balances-finalized" />
        <RawVault vault={finalized.vault} />
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
  const shown = finalizedVaultOf(finalized)
  return (
    <div>
      <h3>Chain {view.chainId} (finalized)</h3>
      <p class="success" data-testid="finalized-check">
        finalized on chain {view.chainId} at block {String(blockNumber)}, proof checked
      </p>
      {shown === null ? (
        <p data-testid="balances-finalized">not in the finalized state (no settled SDL holds it)</p>
      ) : (
        <>
          <BalancesTable rows={balanceRows(shown)} symbols={symbols} testId="balances-finalized" />
          <RawVault vault={shown} />
        </>
      )}
    </div>
  )
}
