import { VerityError } from './VerityError.ts'

/** A vault address (`"<owner_id>,<shard>"`) or one of its parts is not valid. */
export class InvalidAddressError extends VerityError {
  readonly code = 'INVALID_ADDRESS'
  constructor(readonly fields: { value: string; reason: string }) {
    super(`invalid address ${JSON.stringify(fields.value.slice(0, 120))}: ${fields.reason}`)
  }
}
