import { constraintApplies, describeConstraint, formatExpression, type InputValue } from '@verity/policy'
import { PAGE_DESCRIBE_OPTIONS } from '../components/readableValues.ts'
import type { KnownTemplate } from '../wallet/loadTemplates.ts'

/**
 * The template an intent names, in words: its name, its id, and each constraint that applies with
 * the intent's values (as the wallet's preview showed them before signing). Without the values (a
 * sealed intent created in another browser) the constraints read as the template writes them.
 */
export function TemplateSummary({ templateId, template, attrs }: { templateId: string | undefined; template: KnownTemplate | undefined; attrs: Record<string, InputValue> | undefined }) {
  return (
    <div data-testid="template">
      <p>
        Template <strong data-testid="template-name">{template?.name ?? '…'}</strong> <span class="muted">(id <code>{templateId}</code>)</span>
      </p>
      {template === undefined ? null : (
        <>
          <p>A proposal succeeds only if its evidence shows all of these:</p>
          <ul class="constraints" data-testid="constraints">
            {template.compiled.requires
              .filter((constraint) => attrs === undefined || constraintApplies(constraint, attrs))
              .map((constraint, index) => (
                <li key={index}>{attrs === undefined ? <code>{constraint.isOptional ? 'optional: ' : ''}{formatExpression(constraint.expr)}</code> : describeConstraint(constraint, attrs, PAGE_DESCRIBE_OPTIONS)}</li>
              ))}
          </ul>
        </>
      )}
    </div>
  )
}
