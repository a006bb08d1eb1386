import { useEffect, useState } from 'preact/hooks'
import { EXPLORER_POLL_INTERVAL_MS } from '../../limits.ts'
import { callApi } from '../api/callApi.ts'

/** A mandate payment as the domain's GET /payments lists it (docs/domain.md, "Mandate payments"). */
export type Payment = {
  intent_id: string
  intent_digest: string | null
  evidence_digest: string | null
  payer: string
  debited: string
  credited: string
  token: string
  amount: bigint | number
  applied_at_ms: number
  sdl: { hash: string; state: unknown } | null
}

/**
 * The domain's mandate payments, polled every EXPLORER_POLL_INTERVAL_MS while shown: exactly those
 * of one signed intent (`intentDigest`: an intent id is unique only within one orchestrator, so
 * another intent's payment under the same id is never shown as this one's), or the latest `limit`.
 */
export function usePayments(query: { intentDigest?: string; limit: number }, isActive = true): { payments: Payment[] | undefined; error: unknown } {
  const [state, setState] = useState<{ payments: Payment[] | undefined; error: unknown }>({ payments: undefined, error: undefined })
  useEffect(() => {
    if (!isActive) return
    let stopped = false
    const search = new URLSearchParams({ limit: String(query.limit) })
    if (query.intentDigest !== undefined) search.set('intent_digest', query.intentDigest)
    const poll = async () => {
      try {
        const payments = await callApi<Payment[]>(`/api/domain/payments?${search}`)
        if (!stopped) setState({ payments, error: undefined })
      } catch (error) {
        if (!stopped) setState((previous) => ({ ...previous, error }))
      }
      if (!stopped) setTimeout(poll, EXPLORER_POLL_INTERVAL_MS)
    }
    void poll()
    return () => void (stopped = true)
  }, [query.intentDigest, query.limit, isActive])
  return state
}

/** An SDL state's name (`{ProvingFailed: reason}` → ProvingFailed). */
export function sdlStateName(state: unknown): string {
  if (typeof state === 'string') return state
  if (typeof state === 'object' && state !== null) return Object.keys(state)[0] ?? '?'
  return String(state)
}
