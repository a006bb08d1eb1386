import { canonicalJsonBytes, decodeInputFields, intentDigestOf, type AgentKey } from '@verity/core'
import type { InputValue } from '@verity/policy'
import { ErrorNote } from '../components/ErrorNote.tsx'
import { ValueTable } from '../components/ValueTable.tsx'
import { AgentsView } from './AgentsView.tsx'
import { FailureView } from './FailureView.tsx'
import { ProposalSource } from './ProposalSource.tsx'
import { TemplateSummary } from './TemplateSummary.tsx'
import { useTemplate } from './useTemplate.ts'
import { ProofPanel } from './ProofPanel.tsx'
import { PaymentPanel } from '../payments/PaymentPanel.tsx'
import { CheckoutPanel } from '../checkout/CheckoutPanel.tsx'
import { useIntent } from './useIntent.ts'
import { SealedParameters, type SealedPart } from './SealedParameters.tsx'
import { failuresWithKeptValues, keptOpening } from '../wallet/sealedOpenings.ts'

/** `/intents/{id}`: live status, the proposal, the evidence, failed constraints, the proof and its verification, the payment it authorized. */
export function IntentPage({ intentId }: { intentId: string }) {
  const state = useIntent(intentId)
  const intent = (state.signedIntent?.intent ?? state.signedIntent?.payload) as
    | { policy_id?: string; template_id?: string; attrs?: { fields?: Record<string, unknown> }; agents?: readonly AgentKey[]; sealed?: SealedPart }
    | undefined
  const outcome = state.outcome
  const templateId = intent?.policy_id ?? intent?.template_id
  const template = useTemplate(templateId)
  const attrs = attrsOf(intentId, intent)
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
          <TemplateSummary templateId={templateId} template={template} attrs={attrs} />
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
      {outcome?.type === 'failure' ? <FailureView reason={outcome.reason} failures={failuresWithKeptValues(intentId, outcome.constraint_failures, outcome.evidence)} template={template?.compiled} attrs={attrs} evidence={outcome.evidence} /> : null}
      {outcome?.type === 'expired' ? <p class="error">The intent expired before any proposal.</p> : null}
      {state.bundle ? <ProofPanel intentId={intentId} bundle={state.bundle} isAgentNamed={intent?.agents !== undefined} /> : null}
      <PaymentPanel intentId={intentId} intentDigest={intent === undefined ? undefined : intentDigestOf(canonicalJsonBytes(intent))} isPayable={intent?.attrs?.fields?.payment_token !== undefined || intent?.sealed?.disclosed?.fields?.payment_deadline_ms !== undefined} isProven={state.status === 'success'} />
      <CheckoutPanel proposal={outcome && outcome.type !== 'expired' ? outcome.proposal : undefined} evidence={outcome && outcome.type !== 'expired' ? (outcome.evidence ?? undefined) : undefined} />
    </main>
  )
}

/** The intent's values as the policy reads them: its attrs, or a sealed intent's opening kept in this browser; undefined when neither is at hand. */
function attrsOf(intentId: string, intent: { attrs?: { fields?: Record<string, unknown> }; sealed?: SealedPart } | undefined): Record<string, InputValue> | undefined {
  const fields = intent?.sealed === undefined ? intent?.attrs?.fields : keptOpening(intentId)?.opening.attrs.fields
  if (fields === undefined) return undefined
  try {
    return decodeInputFields(fields, 'intent')
  } catch {
    return undefined
  }
}
