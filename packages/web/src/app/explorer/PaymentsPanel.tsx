import { EXPLORER_PAYMENTS_SHOWN_MAX } from '../../limits.ts'
import { ErrorNote } from '../components/ErrorNote.tsx'
import { AmountOfToken, useTokenInfo } from '../components/tokens.tsx'
import { sdlStateName, usePayments } from '../payments/usePayments.ts'

/** The latest mandate payments of the domain (payments proven intents authorized), with their settlement, polled. */
export function PaymentsPanel() {
  const { payments, error } = usePayments({ limit: EXPLORER_PAYMENTS_SHOWN_MAX })
  return (
    <section aria-labelledby="payments-title">
      <h2 id="payments-title">Mandate payments</h2>
      <ErrorNote error={error} />
      <table data-testid="payments">
        <caption>Payments authorized by proven intents (newest first)</caption>
        <thead><tr><th scope="col">intent</th><th scope="col">amount</th><th scope="col">token</th><th scope="col">from → to</th><th scope="col">settlement</th></tr></thead>
        <tbody>
          {(payments ?? []).map((payment) => (
            <tr key={`${payment.payer}/${payment.intent_id}`}>
              <td><a href={`/intents/${encodeURIComponent(payment.intent_id)}`}><code>{payment.intent_id.slice(0, 8)}…</code></a></td>
              <td class="amount"><AmountOfToken amount={payment.amount} tokenId={payment.token} withName={false} /></td>
              <td><TokenName tokenId={payment.token} /></td>
              <td><code title={payment.debited}>{payment.debited.slice(0, 8)}…</code> → <code title={payment.credited}>{payment.credited.slice(0, 8)}…</code></td>
              <td>{payment.sdl === null ? 'pending SDL' : <span class={`tag status-${sdlStateName(payment.sdl.state)}`}>{sdlStateName(payment.sdl.state)}</span>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

/** A token by its symbol (from its mint vault, read once per page), its id on hover; the id's start when the domain does not know it. */
function TokenName({ tokenId }: { tokenId: string }) {
  const token = useTokenInfo(tokenId)
  return token === undefined ? <code title={tokenId}>{tokenId.slice(0, 10)}…</code> : <span title={tokenId}>{token.symbol}</span>
}
