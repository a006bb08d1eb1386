import type { CompiledTemplate, ConstraintFailure, InputValue } from '@verity/policy'
import { failuresInWords } from '../../../../sdk/src/intents/failuresInWords.ts'

/**
 * Why a proposal failed: each constraint that does not hold, in words with the evidence's value
 * and the intent's (`Price: $34.99, above your $25.00 cap`, @verity/policy describeFailure),
 * numbered once, the constraint as the template writes it under it. Without the template or the
 * intent's values (a sealed intent created elsewhere), the orchestrator's reason is shown.
 */
export function FailureView(props: { reason: string; failures: readonly ConstraintFailure[]; template: CompiledTemplate | undefined; attrs: Record<string, InputValue> | undefined; evidence: Record<string, unknown> | null }) {
  const { reason, failures, template, attrs, evidence } = props
  const words = failuresInWords(failures, evidence, template === undefined || attrs === undefined ? undefined : { template, attrs })
  return (
    <section aria-labelledby="failure-title">
      <h2 id="failure-title">Why it failed</h2>
      {failures.length === 0 ? <p class="error">{reason}</p> : <p>{failures.length === 1 ? 'One condition of the intent does not hold' : `${failures.length} conditions of the intent do not hold`}:</p>}
      <ol data-testid="constraint-failures" class="failures">
        {failures.map((failure, index) => (
          <li key={failure.index}>
            <strong>{words[index]}</strong>
            <code class="muted">{failure.pretty_expr}</code>
          </li>
        ))}
      </ol>
    </section>
  )
}
