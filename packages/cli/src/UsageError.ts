import { VerityError } from '@verity/core'

/** Bad command-line arguments: printed as one line, exit code 2. */
export class UsageError extends VerityError {
  readonly code = 'USAGE'
  constructor(message: string) {
    super(message)
  }
}
