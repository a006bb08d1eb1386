import { businessOfProposal } from './IntentOutcome.ts'

/** What was proposed: a UCP business and its product variant or checkout session, or the solution as given (`catalog:…`, a product URL). */
export function ProposalSource({ proposal }: { proposal: { solution: string; metadata: unknown } }) {
  const business = businessOfProposal(proposal)
  if (business === undefined)
    return (
      <p>
        Solution <code data-testid="solution">{proposal.solution}</code>
      </p>
    )
  const isCheckout = (proposal.metadata as { checkout?: unknown } | null)?.checkout === true
  return (
    <dl class="proposal-source">
      <dt>Business (UCP)</dt>
      <dd>
        <a data-testid="business" href={`${business}/.well-known/ucp`} rel="noreferrer noopener" target="_blank">
          {business}
        </a>
      </dd>
      <dt>{isCheckout ? 'Checkout session' : 'Product (variant id)'}</dt>
      <dd>
        <code data-testid="solution">{proposal.solution}</code>
      </dd>
    </dl>
  )
}
