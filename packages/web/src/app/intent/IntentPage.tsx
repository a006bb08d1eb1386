import { canonicalJsonBytes, intentDigestOf } from '@verity/core'
import { ErrorNote } from '../components/ErrorNote.tsx'
import { ValueTable } from '../components/ValueTable.tsx'
import { businessOfProposal } from './IntentOutcome.ts'
import { ProofPanel } from './ProofPanel.tsx'
import { PaymentPanel } from '../payments/PaymentPanel.tsx'
import { CheckoutPanel } from '../checkout/CheckoutPanel.tsx'
import { useIntent } from './useIntent.ts'
import { SealedParameters, type SealedPart } from './SealedParameters.tsx'
import { failuresWithKeptValues } from '../wallet/sealedOpenings.ts'

/** `/intents/{id}`: live status, the proposal, the evidence, failed constraints, the proof and its verification, the payment it authorized. */
export function IntentPage({ intentId }: { intentId: string }) {
  const state = useIntent(intentId)
  const intent = (state.signedIntent?.intent ?? state.signedIntent?.payload) as
    | { policy_id?: string; template_id?: string; attrs?: { fields?: Record<string, unknown> }; agents?: ReadonlyArray<Record<string, unknown>>; sealed?: SealedPart }
    | undefined
  const outcome = state.outcome
  return (
    <main id="main">
      <h1>Intent</h1>
      <p>
        <code>{intentId}</code>
      </p>
      <p aria-live="polite">
        Status: <strong data-testid="status" class={`status-${state.status ?? 'unknown'}`}>{state.status ?? '…'}</strong>{' '}
        <span class="muted">(events: {state.stream})</span>
      </p>
      <ErrorNote error={state.error} />
      {intent ? (
        <section aria-labelledby="intent-title">
          <h2 id="intent-title">What was signed</h2>
          <p>
            Template <code>{intent.policy_id ?? intent.template_id}</code>
          </p>
          {intent.sealed === undefined ? <ValueTable caption="Parameters" values={intent.attrs?.fields ?? {}} /> : <SealedParameters intentId={intentId} sealed={intent.sealed} />}
          <AgentsView agents={intent.agents} />
        </section>
      ) : null}
      {outcome && outcome.type !== 'expired' ? (
        <section aria-labelledby="proposal-title">
          <h2 id="proposal-title">Proposal</h2>
          <ProposalSource proposal={outcome.proposal} />
          {outcome.evidence ? <ValueTable caption="Evidence" values={outcome.evidence} testId="evidence" /> : <p>No evidence was extracted.</p>}
        </section>
      ) : null}
      {outcome?.type === 'failure' ? <FailureView reason={outcome.reason} failures={failuresWithKeptValues(intentId, outcome.constraint_failures, outcome.evidence)} /> : null}
      {outcome?.type === 'expired' ? <p class="error">The intent expired before any proposal.</p> : null}
      {state.bundle ? <ProofPanel intentId={intentId} bundle={state.bundle} /> : null}
      <PaymentPanel intentId={intentId} intentDigest={intent === undefined ? undefined : intentDigestOf(canonicalJsonBytes(intent))} isPayable={intent?.attrs?.fields?.payment_token !== undefined || intent?.sealed?.disclosed?.fields?.payment_deadline_ms !== undefined} isProven={state.status === 'success'} />
      <CheckoutPanel proposal={outcome && outcome.type !== 'expired' ? outcome.proposal : undefined} evidence={outcome && outcome.type !== 'expired' ? (outcome.evidence ?? undefined) : undefined} />
    </main>
  )
}

/** What was proposed: a UCP business and its variant id, or the solution as given (`catalog:…`, a product URL). */
function ProposalSource({ proposal }: { proposal: { solution: string; metadata: unknown } }) {
  const business = businessOfProposal(proposal)
  if (business === undefined)
    return (
      <p>
        Solution <code data-testid="solution">{proposal.solution}</code>
      </p>
    )
  return (
    <dl class="proposal-source">
      <dt>Business (UCP)</dt>
      <dd>
        <a data-testid="business" href={`${business}/.well-known/ucp`} rel="noreferrer noopener" target="_blank">
          {business}
        </a>
      </dd>
      <dt>Variant</dt>
      <dd>
        <code data-testid="solution">{proposal.solution}</code>
      </dd>
    </dl>
  )
}

/** Who may propose: the agents the user named (their keys), or anyone who knows the intent id. */
function AgentsView({ agents }: { agents: ReadonlyArray<Record<string, unknown>> | undefined }) {
  if (agents === undefined) return <p data-testid="agents">Any agent that knows the intent id may propose (no agent named).</p>
  return (
    <div data-testid="agents">
      <p>Only {agents.length === 1 ? 'this agent' : 'these agents'} may propose (a proposal must carry its signature):</p>
      <ul class="agents">
        {agents.map((agent, index) => {
          const [scheme, key] = Object.entries(agent)[0] ?? ['?', '']
          return (
            <li key={index}>
              {scheme} <code>{typeof key === 'string' ? key : JSON.stringify(key)}</code>
            </li>
          )
        })}
      </ul>
    </div>
  )
}

function FailureView({ reason, failures }: { reason: string; failures: ReadonlyArray<{ index: number; pretty_expr: string; reason: string }> }) {
  return (
    <section aria-labelledby="failure-title">
      <h2 id="failure-title">Why it failed</h2>
      {failures.length === 0 ? <p class="error">{reason}</p> : <p>{failures.length} constraint(s) do not hold:</p>}
      <ol data-testid="constraint-failures" class="failures">
        {failures.map((failure) => (
          <li key={failure.index} value={failure.index}>
            <code>[{failure.index}] {failure.pretty_expr}</code>
            <div>{failure.reason}</div>
          </li>
        ))}
      </ol>
    </section>
  )
}
