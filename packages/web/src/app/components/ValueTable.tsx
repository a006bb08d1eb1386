import { stringifyJsonBigint } from '@verity/core'
import { centsAsMoney, currencyOf } from './money.ts'

/**
 * A JSON object as a two-column table (field, value), for attrs and evidence. A `*_cents` field
 * reads as money: `$19.99` right beside the field name, its raw value `1999` after it (money.ts).
 */
export function ValueTable({ caption, values, testId }: { caption: string; values: Record<string, unknown>; testId?: string }) {
  const currency = currencyOf(values)
  return (
    <table data-testid={testId}>
      <caption>{caption}</caption>
      <tbody>
        {Object.entries(values).map(([name, value]) => {
          const money = centsAsMoney(name, value, currency)
          return (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td>
                {money === undefined ? null : (
                  <>
                    <span class="money" data-testid="money">
                      {money}
                    </span>{' '}
                  </>
                )}
                <code>{typeof value === 'string' ? value : stringifyJsonBigint(value)}</code>
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
