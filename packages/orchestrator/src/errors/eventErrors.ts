import { VerityError } from '@verity/core'

/** The event stream already has its maximum number of subscribers. */
export class TooManySubscribersError extends VerityError {
  readonly code = 'TOO_MANY_SUBSCRIBERS'
  constructor(readonly fields: { subscribersMax: number }) {
    super(`the event stream has its maximum of ${fields.subscribersMax} subscribers; try again later`)
  }
}
