import { PROGRESS_REDRAW_MS } from './limits.ts'

/** What a long wait shows: a label that can change, with the seconds elapsed. */
export type Progress = {
  /** Shows a new label (a new line when not on a terminal; the same line, redrawn, on one). */
  update(label: string): void
  /** Ends the progress line. */
  stop(): void
}


/**
 * Shows progress on stderr: on a terminal one line redrawn every second (`  Proving … 12 s`),
 * otherwise one line per label change, so logs and --json output stay clean.
 */
export function showProgress(label: string, stream: { write(text: string): unknown; isTTY?: boolean }): Progress {
  const started = Date.now()
  let current = label
  const draw = () => stream.write(`\r\x1b[2K  ${current} … ${Math.round((Date.now() - started) / 1000)} s`)
  const timer = stream.isTTY ? setInterval(draw, PROGRESS_REDRAW_MS) : undefined
  if (stream.isTTY) draw()
  else stream.write(`  ${current} …\n`)
  return {
    update(next) {
      if (next === current) return
      current = next
      if (stream.isTTY) draw()
      else stream.write(`  ${current} …\n`)
    },
    stop() {
      if (timer === undefined) return
      clearInterval(timer)
      stream.write('\n')
    },
  }
}
