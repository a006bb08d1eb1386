import { VerityError } from '@verity/core'

/** A command that waits (propose --wait, sdl prove, sdl settle) gave up: time-out or Ctrl-C. Exit code 1. */
export class WaitTimeoutError extends VerityError {
  readonly code = 'WAIT_TIMEOUT'
  constructor(readonly fields: { what: string; reason: string }) {
    super(`${fields.what}: ${fields.reason}`)
  }
}
