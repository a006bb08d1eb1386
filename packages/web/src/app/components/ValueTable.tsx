import { stringifyJsonBigint } from '@verity/core'

/** A JSON object as a two-column table (field, value), for attrs and evidence. */
export function ValueTable({ caption, values, testId }: { caption: string; values: Record<string, unknown>; testId?: string }) {
  return (
    <table data-testid={testId}>
      <caption>{caption}</caption>
      <tbody>
        {Object.entries(values).map(([name, value]) => (
          <tr key={name}>
            <th scope="row">{name}</th>
            <td>
              <code>{typeof value === 'string' ? value : stringifyJsonBigint(value)}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
