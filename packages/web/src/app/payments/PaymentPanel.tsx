import { ErrorNote } from '../components/ErrorNote.tsx'
import { AmountOfToken } from '../components/tokens.tsx'
import { sdlStateName, usePayments, type Payment } from './usePayments.ts'

/**
 * The intent page's payment: what its proof paid (amount, token, from the signer's vault to the
 * payee), the transaction's time, and its settlement (the SDL that carries it and its state,
 * live). A payable intent not paid yet says how to pay it.
 */
export function PaymentPanel({ intentId, intentDigest, isPayable, isProven }: { intentId: string; intentDigest: string | undefined; isPayable: boolean; isProven: boolean }) {
  const { payments, error } = usePayments({ ...(intentDigest === undefined ? {} : { intentDigest }), limit: 5 }, isProven && intentDigest !== undefined)
  if (!isPayable && (payments === undefined || payments.length === 0)) return null
  return (
    <section aria-labelledby="payment-title" data-testid="payment">
      <h2 id="payment-title">Payment</h2>
      <ErrorNote error={error} />
      {!isProven ? <p>This intent is payable: once a proposal is proven, its proof pays the proven price to the proven merchant, once.</p> : null}
      {isProven && payments !== undefined && payments.length === 0 ? (
        <p>
          Not paid yet. The proof authorizes one payment: <code>verity pay {intentId}</code>, or the agent's <code>pay</code> tool.
        </p>
      ) : null}
      {payments?.map((payment) => <PaymentView key={`${payment.payer}/${payment.intent_digest}`} payment={payment} />)}
    </section>
  )
}

function PaymentView({ payment }: { payment: Payment }) {
  const state = payment.sdl === null ? undefined : sdlStateName(payment.sdl.state)
  return (
    <dl class="payment">
      <dt>Paid</dt>
      <dd>
        <AmountOfToken amount={payment.amount} tokenId={payment.token} testId="payment-amount" />
        <div class="muted">
          {String(payment.amount)} minor units of token <code>{payment.token}</code>
        </div>
      </dd>
      <dt>From (the intent's signer)</dt>
      <dd>
        <code>{payment.debited}</code>
      </dd>
      <dt>To (the proven payee)</dt>
      <dd>
        <code>{payment.credited}</code>
      </dd>
      <dt>Transaction</dt>
      <dd>
        applied by the domain at <time dateTime={new Date(payment.applied_at_ms).toISOString()}>{new Date(payment.applied_at_ms).toLocaleString()}</time>
      </dd>
      <dt>Settlement</dt>
      <dd data-testid="payment-settlement">
        {payment.sdl === null ? (
          'waiting for the next SDL'
        ) : (
          <>
            SDL <code title={payment.sdl.hash}>{payment.sdl.hash.slice(0, 10)}…</code> <span class={`tag status-${state}`}>{state}</span>
            {state === 'BaseLayerApplied' ? ' — settled: the base layer re-checked the proof and applied it' : ''}
          </>
        )}
      </dd>
    </dl>
  )
}
