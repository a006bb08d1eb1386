import { stringifyJsonBigint } from '@verity/core'
import type { CliStreams, Output } from './Command.ts'
import { showProgress } from './showProgress.ts'

/** The output sink: human text to stdout, or one JSON document per result with --json; notes and progress to stderr. */
export function createOutput(json: boolean, streams: CliStreams): Output {
  return {
    result(human, data) {
      streams.stdout.write(json ? `${stringifyJsonBigint(data)}\n` : `${human}\n`)
    },
    info(text) {
      streams.stderr.write(`${text}\n`)
    },
    progress(label) {
      return showProgress(label, streams.stderr)
    },
  }
}
