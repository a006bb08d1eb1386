import { VerityError } from '@verity/core'

/** An SDL whose slot operations break a rule the SDL circuit enforces (found before proving). */
export class SdlRuleError extends VerityError {
  readonly code = 'SDL_RULE'
  constructor(readonly fields: { opIndex: number; reason: string }) {
    super(`SDL slot operation ${fields.opIndex}: ${fields.reason}`)
  }
}

/** The state tree is not at the root an SDL starts from (or does not end at its root_after). */
export class SdlTreeRootMismatchError extends VerityError {
  readonly code = 'SDL_TREE_ROOT_MISMATCH'
  constructor(readonly fields: { which: 'root_before' | 'root_after'; expected: string; actual: string }) {
    super(`SDL ${fields.which} is ${fields.expected} but the state tree gives ${fields.actual}`)
  }
}
