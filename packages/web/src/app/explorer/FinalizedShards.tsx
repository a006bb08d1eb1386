import { ApiError } from '../api/ApiError.ts'
import { callApi } from '../api/callApi.ts'
import { callBaseLayer } from '../api/callBaseLayer.ts'

/** Shards whose finalized state the explorer shows on the base layer (the devnet runs shard 1). */
export const EXPLORER_SHARDS = Object.freeze([1])

type Shard = { shard: number; sequence: number; last_sdl_hash: string | null; root: string | null; credits_queued: number; credits_consumed: number }
/** Where the domain settles: the base layer's shards, or the VeritySettlement contract's root on an EVM chain (as the domain reads it). */
export type Finalized = { settlement: 'base_layer'; shards: Shard[] } | { settlement: 'evm'; chainId: number; contract: string; shard: number; root: string; blockNumber: string; sdl: { hash: string; sequence: number } | null }

/** An owner id no one holds (32 zero bytes): the domain's finalized view of it says where the domain settles, whoever asks. */
const SETTLEMENT_PROBE_OWNER_ID = '11111111111111111111111111111111'

/** The base layer's shards, or, for a domain that settles on an EVM chain, its chain, contract and the root it holds. */
export async function readFinalized(): Promise<Finalized> {
  const answer = await callApi<Record<string, unknown>>(`/api/domain/vaults/${SETTLEMENT_PROBE_OWNER_ID}/finalized`).catch((failure: unknown): Record<string, unknown> => {
    // A domain from before this route settles on the base layer.
    if (failure instanceof ApiError && failure.status === 404) return { settlement: 'base_layer' }
    throw failure
  })
  if (answer.settlement !== 'evm') return { settlement: 'base_layer', shards: await Promise.all(EXPLORER_SHARDS.map((shard) => callBaseLayer<Shard>('getShard', { shard }))) }
  return { settlement: 'evm', chainId: Number(answer.chain_id), contract: String(answer.contract), shard: Number(answer.shard), root: String(answer.root), blockNumber: String(answer.block_number), sdl: (answer.sdl ?? null) as { hash: string; sequence: number } | null }
}

export function FinalizedShards({ finalized }: { finalized: Finalized | undefined }) {
  if (finalized?.settlement === 'evm')
    return (
      <table data-testid="shards">
        <caption>
          EVM chain {finalized.chainId}, VeritySettlement <code>{finalized.contract}</code>: finalized state per shard (as the domain reads it from the contract; a vault lookup checks it)
        </caption>
        <thead><tr><th scope="col">shard</th><th scope="col">last settled SDL</th><th scope="col">root</th><th scope="col">block</th></tr></thead>
        <tbody>
          <tr><td>{finalized.shard}</td><td>{finalized.sdl === null ? 'none yet' : <><code title={finalized.sdl.hash}>{short(finalized.sdl.hash)}</code> (sequence {finalized.sdl.sequence})</>}</td><td><code title={finalized.root}>{short(finalized.root)}</code></td><td>{finalized.blockNumber}</td></tr>
        </tbody>
      </table>
    )
  return (
    <table data-testid="shards">
      <caption>Base layer, finalized state per shard</caption>
      <thead><tr><th scope="col">shard</th><th scope="col">sequence</th><th scope="col">last SDL</th><th scope="col">root</th><th scope="col">credits queued / consumed</th></tr></thead>
      <tbody>
        {(finalized?.shards ?? []).map((shard) => (
          <tr key={shard.shard}><td>{shard.shard}</td><td>{shard.sequence}</td><td><code>{short(shard.last_sdl_hash)}</code></td><td><code>{short(shard.root)}</code></td><td>{shard.credits_queued} / {shard.credits_consumed}</td></tr>
        ))}
      </tbody>
    </table>
  )
}

/** The first 10 characters of a hash or root, `—` for none. */
export function short(text: string | null): string {
  return text === null ? '—' : `${text.slice(0, 10)}…`
}
