import { useEffect, useState } from 'preact/hooks'
import { EXPLORER_POLL_INTERVAL_MS } from '../../limits.ts'
import { callApi } from '../api/callApi.ts'

/** A mandate payment as the domain's GET /payments lists it (docs/domain.md, "Mandate payments"). */
export type Payment = {
  intent_id: string
  payer: string
  debited: string
  credited: string
  token: string
  amount: bigint | number
  applied_at_ms: number
  sdl: { hash: string; state: unknown } | null
}

/** The domain's mandate payments (of one intent, or the latest `limit`), polled every EXPLORER_POLL_INTERVAL_MS while shown. */
export function usePayments(query: { intentId?: string; limit: number }, isActive = true): { payments: Payment[] | undefined; error: unknown } {
  const [state, setState] = useState<{ payments: Payment[] | undefined; error: unknown }>({ payments: undefined, error: undefined })
  useEffect(() => {
    if (!isActive) return
    let stopped = false
    const search = new URLSearchParams({ limit: String(query.limit) })
    if (query.intentId !== undefined) search.set('intent_id', query.intentId)
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
  }, [query.intentId, query.limit, isActive])
  return state
}

/** An SDL state's name (`{ProvingFailed: reason}` → ProvingFailed). */
export function sdlStateName(state: unknown): string {
  if (typeof state === 'string') return state
  if (typeof state === 'object' && state !== null) return Object.keys(state)[0] ?? '?'
  return String(state)
}
