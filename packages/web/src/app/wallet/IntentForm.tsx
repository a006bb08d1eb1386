import type { FieldDecl } from '@verity/policy'
import { parseFieldInput, type FieldInput } from './parseFieldInput.ts'

type Props = { fields: readonly FieldDecl[]; inputs: Record<string, FieldInput>; onChange: (name: string, input: FieldInput) => void; showErrors: boolean }

const HINTS: Readonly<Record<string, string>> = { string: 'text', int: 'whole number', bool: 'yes / no', 'set<string>': 'values separated by commas', 'set<int>': 'numbers separated by commas' }

/** The form of a template's `intent` block: one input per field, with its type, whether it is optional, and inline errors. */
export function IntentForm({ fields, inputs, onChange, showErrors }: Props) {
  if (fields.length === 0) return <p class="muted">This template takes no parameters.</p>
  return (
    <div class="form">
      {fields.map((field) => {
        const input = inputs[field.name] ?? { text: '', checked: false }
        const parsed = parseFieldInput(field, input)
        const id = `field-${field.name}`
        const error = !parsed.ok && (showErrors || input.text !== '') ? parsed.error : undefined
        return (
          <div class="field" key={field.name}>
            <label for={id}>
              {field.name} <span class="muted">({HINTS[field.type]}{field.isOptional ? ', optional' : ''})</span>
            </label>
            {field.type === 'bool' ? (
              <input id={id} type="checkbox" checked={input.checked} onChange={(event) => onChange(field.name, { ...input, checked: event.currentTarget.checked })} />
            ) : (
              <input
                id={id}
                inputMode={field.type === 'int' ? 'numeric' : 'text'}
                value={input.text}
                aria-invalid={error !== undefined}
                aria-describedby={error === undefined ? undefined : `${id}-error`}
                onInput={(event) => onChange(field.name, { ...input, text: event.currentTarget.value })}
              />
            )}
            {error === undefined ? null : (
              <p class="error" id={`${id}-error`}>
                {field.name}: {error}
              </p>
            )}
          </div>
        )
      })}
    </div>
  )
}
