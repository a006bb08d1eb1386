import { useEffect, useRef, useState } from 'preact/hooks'
import { EXPLORER_POLL_INTERVAL_MS, EXPLORER_SDLS_SHOWN_MAX } from '../../limits.ts'
import { callApi } from '../api/callApi.ts'
import { callBaseLayer } from '../api/callBaseLayer.ts'
import { ErrorNote } from '../components/ErrorNote.tsx'
import { FinalizedShards, readFinalized, short, type Finalized } from './FinalizedShards.tsx'

type SdlRow = { hash: string; state: string; seen: Array<{ state: string; atMs: number }>; appliedAtMs?: number }
/**
 * The SDL pipeline (Submitted → Proving → Proven → ProofSubmitted → BaseLayerApplied) and each
 * shard's finalized state, polled every EXPLORER_POLL_INTERVAL_MS. The domain reports states,
 * not times: a state's time is when this page first saw it; BaseLayerApplied shows the base
 * layer's own applied time.
 */
export function SettlementPanel() {
  const [rows, setRows] = useState<SdlRow[]>([])
  const [finalized, setFinalized] = useState<Finalized>()
  const [error, setError] = useState<unknown>()
  const seen = useRef(new Map<string, SdlRow>())
  useEffect(() => {
    let stopped = false
    const poll = async () => {
      try {
        const pairs = await callApi<Array<[string, unknown]>>('/api/domain/sdls?offset=0&limit=1000')
        const where = await readFinalized()
        const next = await Promise.all(pairs.slice(-EXPLORER_SDLS_SHOWN_MAX).reverse().map(([hash, state]) => observe(seen.current, hash, stateName(state), where.settlement === 'base_layer')))
        if (!stopped) {
          setRows(next)
          setFinalized(where)
          setError(undefined)
        }
      } catch (failure) {
        if (!stopped) setError(failure)
      }
      if (!stopped) setTimeout(poll, EXPLORER_POLL_INTERVAL_MS)
    }
    void poll()
    return () => void (stopped = true)
  }, [])
  return (
    <section aria-labelledby="sdl-title">
      <h2 id="sdl-title">Settlement</h2>
      <ErrorNote error={error} />
      <FinalizedShards finalized={finalized} />
      <table data-testid="sdls">
        <caption>SDL pipeline of the domain (newest first)</caption>
        <thead><tr><th scope="col">SDL</th><th scope="col">state</th><th scope="col">history (times seen)</th></tr></thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.hash}>
              <td><code title={row.hash}>{short(row.hash)}</code></td>
              <td><span class={`tag status-${row.state}`}>{row.state}</span></td>
              <td>{row.seen.map((step) => `${step.state} ${new Date(step.atMs).toLocaleTimeString()}`).join(' → ')}{row.appliedAtMs ? ` (applied on the base layer at ${new Date(row.appliedAtMs).toLocaleTimeString()})` : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

async function observe(seen: Map<string, SdlRow>, hash: string, state: string, onBaseLayer: boolean): Promise<SdlRow> {
  const row = seen.get(hash) ?? { hash, state, seen: [] }
  if (row.seen.at(-1)?.state !== state) row.seen = [...row.seen, { state, atMs: Date.now() }]
  row.state = state
  if (onBaseLayer && state === 'BaseLayerApplied' && row.appliedAtMs === undefined) {
    const status = await callBaseLayer<{ applied_at_ms?: number }>('getSdlStatus', { hash })
    if (status.applied_at_ms !== undefined) row.appliedAtMs = Number(status.applied_at_ms)
  }
  seen.set(hash, row)
  return { ...row }
}

function stateName(state: unknown): string {
  if (typeof state === 'string') return state
  if (typeof state === 'object' && state !== null) return Object.keys(state)[0] ?? '?'
  return String(state)
}
