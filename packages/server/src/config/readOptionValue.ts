import { InvalidOptionError } from '@verity/core'
import type { ServiceOption, ServiceOptionValue } from './ServiceOption.ts'

const DURATION_UNITS_MS: Readonly<Record<string, number>> = Object.freeze({ ms: 1, s: 1_000, m: 60_000, h: 3_600_000 })

/**
 * Reads the text of one option as its kind says. `name` is how the operator wrote it (`--port`,
 * VERITY_ORCHESTRATOR_PORT), for the error. A duration is whole milliseconds; under an old name it
 * may also carry a unit (`500ms`, `10s`, `5m`, `24h`), as the old flags did. Throws InvalidOptionError.
 */
export function readOptionValue(option: ServiceOption, name: string, text: string, isOldName: boolean): ServiceOptionValue<ServiceOption['kind']> {
  const reject = (reason: string) => new InvalidOptionError({ option: name, value: text, reason })
  switch (option.kind) {
    case 'string':
      return text
    case 'choice':
      if (!(option.choices ?? []).includes(text)) throw reject(`expected one of ${(option.choices ?? []).join(', ')}`)
      return text
    case 'list':
      return text.split(',').map((item) => item.trim()).filter((item) => item !== '')
    case 'portList': {
      const ports = text.split(',').map((item) => item.trim())
      if (ports.some((port) => !/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65_535)) throw reject('expected ports 1-65535 separated by commas')
      return ports.map(Number)
    }
    case 'postgresUrl':
      if (!/^postgres(ql)?:\/\/\S+$/.test(text)) throw reject('expected a PostgreSQL URL postgres://user@host:5432/database')
      return text
    case 'boolean':
      if (['1', 'true', 'yes', 'on'].includes(text.toLowerCase())) return true
      if (['0', 'false', 'no', 'off'].includes(text.toLowerCase())) return false
      throw reject('expected true or false')
    case 'integer':
      return readBoundedInteger(option, text, reject, /^(\d{1,15})$/, 'a whole number')
    case 'durationMs': {
      if (!isOldName) return readBoundedInteger(option, text, reject, /^(\d{1,15})$/, 'a whole number of milliseconds')
      const match = /^(\d{1,15})(ms|s|m|h)?$/.exec(text)
      if (match === null) throw reject('expected a duration such as 500ms, 10s, 5m, 24h (bare numbers are ms)')
      return readBoundedInteger(option, String(Number(match[1]) * DURATION_UNITS_MS[match[2] ?? 'ms']!), reject, /^(\d{1,16})$/, 'a duration')
    }
  }
}

function readBoundedInteger(option: ServiceOption, text: string, reject: (reason: string) => Error, pattern: RegExp, what: string): number {
  if (!pattern.test(text)) throw reject(`expected ${what}`)
  const value = Number(text)
  const min = option.min ?? 0
  const max = option.max ?? Number.MAX_SAFE_INTEGER
  if (value < min || value > max) throw reject(`expected ${what} from ${min} to ${max}`)
  return value
}
