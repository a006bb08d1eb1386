import { constraintApplies, describeConstraint, type CompiledTemplate, type InputValue } from '@verity/policy'
import { PAGE_DESCRIBE_OPTIONS } from '../components/readableValues.ts'
import { useTokenInfo } from '../components/tokens.tsx'

/** What the agent may do, in plain words: each constraint that applies, with the intent's values filled in (money in dollars, the payment token by its symbol and name). */
export function IntentPreview({ compiled, values }: { compiled: CompiledTemplate; values: Record<string, InputValue> }) {
  const applying = compiled.requires.filter((constraint) => constraintApplies(constraint, values))
  const skipped = compiled.requires.length - applying.length
  // The token to pay in, by its symbol and name (from its mint vault, the SDK's TokenDirectory), not its 44-character id.
  const token = useTokenInfo(typeof values.payment_token === 'string' && values.payment_token !== '' ? values.payment_token : undefined)
  const options = {
    ...PAGE_DESCRIBE_OPTIONS,
    valueWords: (field: string, value: InputValue) => (field === 'payment_token' && token !== undefined ? `${token.symbol} (${token.name})` : PAGE_DESCRIBE_OPTIONS.valueWords?.(field, value)),
  }
  return (
    <section aria-labelledby="preview-title">
      <h2 id="preview-title">4. What the agent may do</h2>
      <p>The agent may propose only a solution whose evidence shows all of these:</p>
      <ul data-testid="preview">
        {applying.map((constraint, index) => (
          <li key={index}>{describeConstraint(constraint, values, options)}</li>
        ))}
      </ul>
      {skipped > 0 ? <p class="muted">{skipped} optional constraint(s) do not apply: their fields are left empty.</p> : null}
    </section>
  )
}
