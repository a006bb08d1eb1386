import type { FieldDecl } from '@verity/policy'
import { readableValue } from '../components/readableValues.ts'
import { fieldInputKind, parseFieldInput, type FieldInput } from './parseFieldInput.ts'

type Props = { fields: readonly FieldDecl[]; inputs: Record<string, FieldInput>; onChange: (name: string, input: FieldInput) => void; showErrors: boolean }

const HINTS: Readonly<Record<string, string>> = { string: 'text', int: 'whole number', bool: 'yes / no', 'set<string>': 'values separated by commas', 'set<int>': 'numbers separated by commas' }
const KIND_HINTS: Readonly<Record<string, string>> = { dollars: 'in dollars, like 25.00', deadline: 'date and time' }

/**
 * The form of a template's `intent` block: one input per field, with its type, whether it is
 * optional, and inline errors. A `*_cents` field asks for dollars and a `*_deadline_ms` field for a
 * date and time; under each, what the intent will sign (`signed as max_price_cents = 2500`).
 */
export function IntentForm({ fields, inputs, onChange, showErrors }: Props) {
  if (fields.length === 0) return <p class="muted">This template takes no parameters.</p>
  return (
    <div class="form">
      {fields.map((field) => {
        const input = inputs[field.name] ?? { text: '', checked: false }
        const parsed = parseFieldInput(field, input)
        const kind = fieldInputKind(field)
        const id = `field-${field.name}`
        const error = !parsed.ok && (showErrors || input.text !== '') ? parsed.error : undefined
        const signed = parsed.ok && parsed.value !== undefined && (kind === 'dollars' || kind === 'deadline') ? parsed.value : undefined
        return (
          <div class="field" key={field.name}>
            <label for={id}>
              {field.name} <span class="muted">({KIND_HINTS[kind] ?? HINTS[field.type]}{field.isOptional ? ', optional' : ''})</span>
            </label>
            {field.type === 'bool' ? (
              <input id={id} type="checkbox" checked={input.checked} onChange={(event) => onChange(field.name, { ...input, checked: event.currentTarget.checked })} />
            ) : (
              <input
                id={id}
                {...(kind === 'deadline' ? { type: 'datetime-local' as const } : { type: 'text' as const, inputMode: kind === 'dollars' ? ('decimal' as const) : kind === 'number' ? ('numeric' as const) : ('text' as const) })}
                value={input.text}
                aria-invalid={error !== undefined}
                aria-describedby={error === undefined ? (signed === undefined ? undefined : `${id}-signed`) : `${id}-error`}
                onInput={(event) => onChange(field.name, { ...input, text: event.currentTarget.value })}
              />
            )}
            {error === undefined ? null : (
              <p class="error" id={`${id}-error`}>
                {field.name}: {error}
              </p>
            )}
            {signed === undefined ? null : (
              <p class="muted" id={`${id}-signed`} data-testid={`signed-${field.name}`}>
                {readableValue(field.name, signed)}: signed as {field.name} = {String(signed)}
              </p>
            )}
          </div>
        )
      })}
    </div>
  )
}
