import { stringifyJsonBigint } from '@verity/core'
import type { Output } from './Command.ts'

/** The output sink: human text to stdout, or one JSON document per result with --json. */
export function createOutput(json: boolean): Output {
  return {
    result(human, data) {
      process.stdout.write(json ? `${stringifyJsonBigint(data)}\n` : `${human}\n`)
    },
    info(text) {
      process.stderr.write(`${text}\n`)
    },
  }
}
