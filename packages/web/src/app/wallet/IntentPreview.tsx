import { constraintApplies, describeConstraint, type CompiledTemplate, type InputValue } from '@verity/policy'
import { PAGE_DESCRIBE_OPTIONS } from '../components/readableValues.ts'

/** What the agent may do, in plain words: each constraint that applies, with the intent's values filled in (money in dollars). */
export function IntentPreview({ compiled, values }: { compiled: CompiledTemplate; values: Record<string, InputValue> }) {
  const applying = compiled.requires.filter((constraint) => constraintApplies(constraint, values))
  const skipped = compiled.requires.length - applying.length
  return (
    <section aria-labelledby="preview-title">
      <h2 id="preview-title">4. What the agent may do</h2>
      <p>The agent may propose only a solution whose evidence shows all of these:</p>
      <ul data-testid="preview">
        {applying.map((constraint, index) => (
          <li key={index}>{describeConstraint(constraint, values, PAGE_DESCRIBE_OPTIONS)}</li>
        ))}
      </ul>
      {skipped > 0 ? <p class="muted">{skipped} optional constraint(s) do not apply: their fields are left empty.</p> : null}
    </section>
  )
}
