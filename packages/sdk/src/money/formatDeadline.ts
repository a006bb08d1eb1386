/**
 * A deadline or expiry (milliseconds since 1970) as a person reads it: the UTC date and time and
 * how far away it is, `2026-12-02 03:08 UTC (in 59 min)` or `… (3 min ago)`. For text only; the raw
 * integer stays in `--json` and on the wire.
 * @example formatDeadline(Date.now() + 3_600_000) // '2026-12-02 03:08 UTC (in 60 min)'
 */
export function formatDeadline(deadlineMs: number, nowMs: number = Date.now()): string {
  const date = new Date(deadlineMs).toISOString()
  return `${date.slice(0, 10)} ${date.slice(11, 16)} UTC (${relative(deadlineMs - nowMs)})`
}

function relative(deltaMs: number): string {
  const minutes = Math.round(Math.abs(deltaMs) / 60_000)
  const span = minutes < 1 ? 'under a minute' : minutes < 120 ? `${minutes} min` : minutes < 48 * 60 ? `${Math.round(minutes / 60)} h` : `${Math.round(minutes / 1440)} days`
  return deltaMs >= 0 ? `in ${span}` : `${span} ago`
}
