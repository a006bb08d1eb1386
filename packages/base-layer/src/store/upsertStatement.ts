/** How a database writes the n-th (1-based) parameter of a statement: `?` for SQLite, `$n` for PostgreSQL. */
export type ParameterMark = (position: number) => string

export const SQLITE_MARK: ParameterMark = () => '?'
export const POSTGRES_MARK: ParameterMark = (position) => `$${position}`

/**
 * `INSERT INTO table (columns) VALUES (…) ON CONFLICT (key) DO UPDATE SET` every other column to
 * the new value: the one write of a record both databases understand alike. Table and column
 * names are our constants (never input); every value is a parameter, in column order.
 */
export function upsertStatement(input: {
  table: string
  columns: string
  key: string
  mark: ParameterMark
  /** columns whose stored value stays when the new one is NULL */
  keptWhenNull?: readonly string[]
}): string {
  const columns = input.columns.split(',').map((column) => column.trim())
  const marks = columns.map((_, index) => input.mark(index + 1))
  const updates = columns
    .filter((column) => column !== input.key)
    .map((column) =>
      input.keptWhenNull?.includes(column) ? `${column} = coalesce(excluded.${column}, ${input.table}.${column})` : `${column} = excluded.${column}`,
    )
  return `INSERT INTO ${input.table} (${columns.join(', ')}) VALUES (${marks.join(', ')}) ON CONFLICT (${input.key}) DO UPDATE SET ${updates.join(', ')}`
}
