// Prints the figures as a plain-text table, one section after another.
import type { Figure } from './Figure.ts'

const COLUMNS = ['Figure', 'Value', 'Limit (same run)', 'Ratio', 'Goal', 'Result'] as const

/** Formats a number with a precision suited to its size (1,234 · 12.3 · 0.123). */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value)
  const magnitude = Math.abs(value)
  if (magnitude >= 100) return Math.round(value).toLocaleString('en-US')
  if (magnitude >= 10) return value.toFixed(1)
  if (magnitude >= 1) return value.toFixed(2)
  return value.toPrecision(2)
}

/** Below 1 as a percentage (a share of the limit), from 1 up as a multiple (e.g. a latency 3.2× the limit's). */
function formatRatio(ratio: number): string {
  if (ratio >= 1) return `${formatNumber(ratio)}×`
  return ratio >= 0.1 ? `${(ratio * 100).toFixed(0)}%` : `${(ratio * 100).toPrecision(2)}%`
}

function rowOf(item: Figure): string[] {
  const value = item.value === null ? 'n/a' : `${item.estimate ? '~' : ''}${formatNumber(item.value)} ${item.unit}`
  const limit = item.limit === undefined ? '' : `${formatNumber(item.limit.value)} ${item.limit.unit} (${item.limit.name})`
  const ratio = item.ratio === undefined ? '' : formatRatio(item.ratio)
  const result = item.goal === undefined ? '' : item.goal.pass === null ? 'n/a' : item.goal.pass ? 'pass' : 'MISS'
  const name = item.estimate ? `${item.name} [estimate]` : item.name
  return [name, value, limit, ratio, item.goal?.text ?? '', result]
}

/** Renders `figures` grouped by section, with their notes below each section. */
export function renderTable(figures: readonly Figure[]): string {
  const rows = figures.map(rowOf)
  const widths = COLUMNS.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)))
  const line = (cells: readonly string[]) => cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ').trimEnd()
  const rule = widths.map((width) => '-'.repeat(width)).join('-+-')
  const output: string[] = [line(COLUMNS), rule]
  let section: string | undefined
  let notes: string[] = []
  const flushNotes = () => {
    for (const note of notes) output.push(`    note: ${note}`)
    notes = []
  }
  figures.forEach((item, index) => {
    if (item.section !== section) {
      flushNotes()
      section = item.section
      output.push(`[${section}]`)
    }
    output.push(line(rows[index]!))
    if (item.note !== undefined) notes.push(`${item.name}: ${item.note}`)
  })
  flushNotes()
  return output.join('\n')
}
