import { describeFailure, type CompiledTemplate, type ConstraintFailure, type InputValue } from '@verity/policy'
import { PAGE_DESCRIBE_OPTIONS } from '../components/readableValues.ts'

/**
 * Why a proposal failed: each constraint that does not hold, in words with the evidence's value
 * and the intent's (`Price: $34.99, above your $25.00 cap`, @verity/policy describeFailure),
 * numbered once, the constraint as the template writes it under it. Without the template or the
 * intent's values (a sealed intent created elsewhere), the orchestrator's reason is shown.
 */
export function FailureView(props: { reason: string; failures: readonly ConstraintFailure[]; template: CompiledTemplate | undefined; attrs: Record<string, InputValue> | undefined; evidence: Record<string, unknown> | null }) {
  const { reason, failures } = props
  return (
    <section aria-labelledby="failure-title">
      <h2 id="failure-title">Why it failed</h2>
      {failures.length === 0 ? <p class="error">{reason}</p> : <p>{failures.length === 1 ? 'One condition of the intent does not hold' : `${failures.length} conditions of the intent do not hold`}:</p>}
      <ol data-testid="constraint-failures" class="failures">
        {failures.map((failure) => (
          <li key={failure.index}>
            <strong>{failureWords(failure, props)}</strong>
            <code class="muted">{failure.pretty_expr}</code>
          </li>
        ))}
      </ol>
    </section>
  )
}

function failureWords(failure: ConstraintFailure, { template, attrs, evidence }: { template: CompiledTemplate | undefined; attrs: Record<string, InputValue> | undefined; evidence: Record<string, unknown> | null }): string {
  const constraint = template?.requires[failure.index]
  if (constraint === undefined || attrs === undefined || evidence === null) return failure.reason
  return describeFailure(constraint, attrs, evidence, PAGE_DESCRIBE_OPTIONS)
}
