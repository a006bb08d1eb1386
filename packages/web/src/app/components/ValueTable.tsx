import { stringifyJsonBigint } from '@verity/core'
import { currencyOf } from '../../../../sdk/src/money/centsAsMoney.ts'
import { readableValue } from './readableValues.ts'

/**
 * A JSON object as a two-column table (field, value), for attrs and evidence. A `*_cents` field
 * reads as money (`$19.99`) and a `*_deadline_ms` field as a date with how far away it is, right
 * beside the field name, the raw value after it (readableValues.ts).
 */
export function ValueTable({ caption, values, testId }: { caption: string; values: Record<string, unknown>; testId?: string }) {
  const currency = currencyOf(values)
  return (
    <table data-testid={testId}>
      <caption>{caption}</caption>
      <tbody>
        {Object.entries(values).map(([name, value]) => {
          const readable = readableValue(name, value, currency)
          return (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td>
                {readable === undefined ? null : (
                  <>
                    <span class="money" data-testid="money">
                      {readable}
                    </span>{' '}
                  </>
                )}
                <code class={readable === undefined ? undefined : 'muted'}>{typeof value === 'string' ? value : stringifyJsonBigint(value)}</code>
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
