import { VerityError } from '@verity/core'

/** `verity propose`: the dry run shows the proposal would fail, so it was not sent (the intent keeps its one proposal). */
export class ProposalWouldFailError extends VerityError {
  readonly code = 'PROPOSAL_WOULD_FAIL'
  constructor(readonly fields: { intentId: string; explanation: string }) {
    super(
      `not proposed: the dry run (verity check) shows this proposal would fail, and an intent has one proposal:\n${fields.explanation}\n` +
        'fix --solution or --metadata (a variant id as the store spells it; --metadata \'{"business": URL}\' for a store), or pass --force to send it anyway',
    )
  }
}
