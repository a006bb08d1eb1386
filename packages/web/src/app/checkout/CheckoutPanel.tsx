import { useEffect, useState } from 'preact/hooks'
import { EXPLORER_POLL_INTERVAL_MS } from '../../limits.ts'
import { callApi } from '../api/callApi.ts'
import { ErrorNote } from '../components/ErrorNote.tsx'

/** A checkout session as the store answers it (checkout.json): what the page shows. */
type CheckoutView = { id: string; status: string; currency?: string; totals?: { type: string; amount: number }[]; order?: { id: string; permalink_url?: string } }

/**
 * The intent page's order (docs/ap2-verity-constraint.md): an intent proven over a checkout
 * session (`metadata.checkout`) shows the session at its business, and, when that business is the
 * devnet's store (the web server forwards to it), its live status and the order it placed.
 */
export function CheckoutPanel({ proposal, isProven }: { proposal: { solution: string; metadata: unknown } | undefined; isProven: boolean }) {
  const metadata = proposal?.metadata as { business?: unknown; checkout?: unknown } | null | undefined
  const sessionId = metadata?.checkout === true && typeof metadata.business === 'string' ? proposal!.solution : undefined
  const { checkout, error } = useCheckout(sessionId, isProven)
  if (sessionId === undefined) return null
  const total = checkout?.totals?.find((entry) => entry.type === 'total')?.amount
  return (
    <section aria-labelledby="order-title" data-testid="order">
      <h2 id="order-title">Order</h2>
      <p>
        Checkout <code>{sessionId}</code> at <code>{String(metadata!.business)}</code>: the proof covers this checkout, its total included.
      </p>
      <ErrorNote error={error} />
      {checkout === undefined ? null : (
        <dl class="payment">
          <dt>Checkout status</dt>
          <dd>
            <span class={`tag status-${checkout.status}`} data-testid="checkout-status">
              {checkout.status}
            </span>
          </dd>
          {total === undefined ? null : (
            <>
              <dt>Total</dt>
              <dd>
                {total} ({checkout.currency} minor units)
              </dd>
            </>
          )}
          <dt>Order</dt>
          <dd data-testid="order-id">
            {checkout.order === undefined ? (
              <>not placed yet: <code>verity checkout</code> completes it (the mandate payment first, then the order)</>
            ) : (
              <>
                <code>{checkout.order.id}</code>
                {checkout.order.permalink_url === undefined ? null : (
                  <>
                    {' '}
                    <a href={checkout.order.permalink_url}>at the store</a>
                  </>
                )}
              </>
            )}
          </dd>
        </dl>
      )}
    </section>
  )
}

/** The session through the web server's store proxy, polled until its order is placed. */
function useCheckout(sessionId: string | undefined, isActive: boolean): { checkout: CheckoutView | undefined; error: unknown } {
  const [state, setState] = useState<{ checkout: CheckoutView | undefined; error: unknown }>({ checkout: undefined, error: undefined })
  useEffect(() => {
    if (sessionId === undefined || !isActive) return
    let stopped = false
    const poll = async () => {
      let done = false
      try {
        const checkout = await callApi<CheckoutView>(`/api/store/ucp/checkout-sessions/${encodeURIComponent(sessionId)}`)
        done = checkout.order !== undefined || checkout.status === 'canceled'
        if (!stopped) setState({ checkout, error: undefined })
      } catch (error) {
        if (!stopped) setState((previous) => ({ ...previous, error }))
      }
      if (!stopped && !done) setTimeout(poll, EXPLORER_POLL_INTERVAL_MS)
    }
    void poll()
    return () => void (stopped = true)
  }, [sessionId, isActive])
  return state
}
