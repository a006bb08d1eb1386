/**
 * The intent page's checkout (docs/ap2-verity-constraint.md): an intent proven over a checkout
 * session (`metadata.checkout`) shows what the public proof says of it, the session id, the
 * business, the digest of the checkout terms and the total proven. The live session and its order
 * are not read: they answer only to the agent that opened them (signed requests, docs/ucp.md),
 * and the buyer's name and address are theirs; whether the intent paid is the payment panel's.
 */
export function CheckoutPanel({ proposal, evidence }: { proposal: { solution: string; metadata: unknown } | undefined; evidence: Readonly<Record<string, unknown>> | undefined }) {
  const metadata = proposal?.metadata as { business?: unknown; checkout?: unknown } | null | undefined
  const sessionId = metadata?.checkout === true && typeof metadata.business === 'string' ? proposal!.solution : undefined
  if (sessionId === undefined) return null
  const digest = evidence?.['checkout_digest']
  const total = evidence?.['price_cents'] ?? evidence?.['total_cents']
  return (
    <section aria-labelledby="order-title" data-testid="order">
      <h2 id="order-title">Checkout</h2>
      <p>
        Checkout <code>{sessionId}</code> at <code>{String(metadata!.business)}</code>: the proof covers this checkout, its total included.
      </p>
      <dl class="payment">
        {typeof digest === 'string' ? (
          <>
            <dt>Checkout digest</dt>
            <dd>
              <code data-testid="checkout-digest">{digest}</code>
            </dd>
          </>
        ) : null}
        {total === undefined ? null : (
          <>
            <dt>Total proven</dt>
            <dd data-testid="checkout-total">{String(total)} (minor units)</dd>
          </>
        )}
        <dt>Order</dt>
        <dd data-testid="order-id">
          the session and its order are shown only to the agent that opened them (<code>verity checkout</code> prints the order); the payment is above
        </dd>
      </dl>
    </section>
  )
}
