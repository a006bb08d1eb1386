import { useEffect, useState } from 'preact/hooks'
import { callApi } from '../api/callApi.ts'
import { followEvents } from '../api/followEvents.ts'
import { outcomeOfEvent, type IntentOutcome } from './IntentOutcome.ts'

export type IntentState = {
  signedIntent: Record<string, unknown> | undefined
  status: string | undefined
  outcome: IntentOutcome | undefined
  bundle: Record<string, unknown> | undefined
  stream: 'connecting' | 'live' | 'reconnecting'
  error: unknown
}

/**
 * The intent, its status and its outcome, live: the page replays the event log from the start
 * (Last-Event-ID 0, within the orchestrator's retention) and keeps following it, so an outcome
 * that came before the page opened and one that comes after are shown the same way. The proof
 * bundle is fetched once a `success` arrives.
 */
export function useIntent(intentId: string): IntentState {
  const [state, setState] = useState<IntentState>({ signedIntent: undefined, status: undefined, outcome: undefined, bundle: undefined, stream: 'connecting', error: undefined })
  useEffect(() => {
    const abort = new AbortController()
    const update = (patch: Partial<IntentState>) => !abort.signal.aborted && setState((previous) => ({ ...previous, ...patch }))
    const path = `/api/orchestrator/intents/${encodeURIComponent(intentId)}`
    Promise.all([callApi<Record<string, unknown>>(path), callApi<{ status: string }>(`${path}/status`)]).then(
      ([signedIntent, { status }]) => update({ signedIntent, status }),
      (error: unknown) => update({ error }),
    )
    let proofRequested = false
    void followEvents({
      lastEventId: '0',
      signal: abort.signal,
      onState: (stream) => update({ stream }),
      onEvent: (event) => {
        if (event.data.intent_id !== intentId) return
        const outcome = outcomeOfEvent(event.type, event.data)
        if (outcome === undefined) return
        update({ outcome, status: outcome.type })
        if (outcome.type !== 'success' || proofRequested) return
        proofRequested = true
        callApi<Record<string, unknown>>(`/api/orchestrator/proofs/${encodeURIComponent(intentId)}`).then((bundle) => update({ bundle }), (error: unknown) => update({ error }))
      },
    })
    return () => abort.abort()
  }, [intentId])
  return state
}
