import { VerityError } from './VerityError.ts'

/**
 * A start-up option has a value we cannot use: a flag, a `VERITY_*` variable, or an entry of a
 * service's config file. `option` names it as the operator wrote it (`--port`, `VERITY_PORT`,
 * `domain.yaml: shard`). The domain's `INVALID_CONFIG` before is its documented old name.
 */
export class InvalidOptionError extends VerityError {
  readonly code = 'INVALID_OPTION'
  constructor(readonly fields: { option: string; reason: string; value?: string }) {
    super(`option ${fields.option}${fields.value === undefined ? '' : `=${JSON.stringify(fields.value)}`}: ${fields.reason}`)
  }
}
