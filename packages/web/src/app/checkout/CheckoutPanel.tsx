import { readableValue } from '../components/readableValues.ts'

/**
 * The intent page's checkout (docs/ap2-verity-constraint.md): an intent proven over a checkout
 * session (`metadata.checkout`) shows what the public proof says of it: what was bought (the
 * evidence's category and size), the total as money, the business, the session and the digest of
 * the checkout terms. The live session and its order (items, the buyer's name and shipping
 * address) are not read: they answer only to the agent that opened them (signed requests,
 * docs/ucp.md), and `verity checkout` prints them; whether the intent paid is the payment panel's.
 */
export function CheckoutPanel({ proposal, evidence }: { proposal: { solution: string; metadata: unknown } | undefined; evidence: Readonly<Record<string, unknown>> | undefined }) {
  const metadata = proposal?.metadata as { business?: unknown; checkout?: unknown } | null | undefined
  const sessionId = metadata?.checkout === true && typeof metadata.business === 'string' ? proposal!.solution : undefined
  if (sessionId === undefined) return null
  const digest = evidence?.['checkout_digest']
  const totalField = evidence?.['price_cents'] !== undefined ? 'price_cents' : 'total_cents'
  const total = evidence?.[totalField]
  const item = [evidence?.['category'], evidence?.['size'] === undefined ? undefined : `size ${String(evidence['size'])}`].filter((part) => typeof part === 'string')
  return (
    <section aria-labelledby="order-title" data-testid="order">
      <h2 id="order-title">Checkout</h2>
      <p>
        Checkout session <code>{sessionId}</code> at <code>{String(metadata!.business)}</code>: the proof covers this checkout, its total included.
      </p>
      <dl class="payment">
        {item.length === 0 ? null : (
          <>
            <dt>What was bought (as the proof shows it)</dt>
            <dd data-testid="checkout-item">{item.join(', ')}</dd>
          </>
        )}
        {total === undefined ? null : (
          <>
            <dt>Total proven</dt>
            <dd data-testid="checkout-total">
              <span class="money">{readableValue(totalField, total) ?? String(total)}</span> <span class="muted">(items, shipping and tax)</span>
            </dd>
          </>
        )}
        {typeof digest === 'string' ? (
          <>
            <dt>Checkout digest</dt>
            <dd>
              <code data-testid="checkout-digest">{digest}</code>
            </dd>
          </>
        ) : null}
        <dt>Order</dt>
        <dd data-testid="order-id">
          its items and shipping address are shown only to the agent that opened the session (<code>verity checkout</code> prints the order); the payment is above
        </dd>
      </dl>
    </section>
  )
}
