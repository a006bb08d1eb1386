import { parseArgs, type ParseArgsConfig } from 'node:util'
import { InvalidOptionError } from '@verity/core'
import { optionEnvName } from './optionEnvName.ts'
import { readOptionValue } from './readOptionValue.ts'
import type { ServiceOptions, ServiceOptionValues } from './ServiceOption.ts'

export type ReadServiceOptionsParameters<O extends ServiceOptions> = {
  /** the service's name in its variables: `orchestrator`, `domain`, `base-layer`, `extractor` */
  service: string
  options: O
  argv: readonly string[]
  env: Readonly<Record<string, string | undefined>>
}

export type ReadServiceOptionsReturnType<O extends ServiceOptions> = {
  values: ServiceOptionValues<O>
  /** one line per deprecated name used ("--intent-ttl is deprecated: use --intent-ttl-ms"); the caller prints them */
  deprecations: string[]
}

/**
 * The one start-up option reader of the services. Flags are parsed by node:util parseArgs
 * (`--port 8080`, `--port=8080`, booleans bare); each option may also come from its variable
 * VERITY_<SERVICE>_<FLAG> (optionEnvName). A flag wins over a variable, a current name over an old
 * one; an empty variable counts as unset. Old names still work and are reported in `deprecations`.
 * Throws InvalidOptionError naming the flag or variable (an unknown flag, a missing or bad value).
 * @example const { values, deprecations } = readServiceOptions({ service: 'base-layer', options, argv, env: process.env })
 */
export function readServiceOptions<O extends ServiceOptions>(params: ReadServiceOptionsParameters<O>): ReadServiceOptionsReturnType<O> {
  const { service, options, env } = params
  const flags = parseFlags(options, params.argv)
  const values: Record<string, unknown> = {}
  const deprecations: string[] = []
  for (const [key, option] of Object.entries(options)) {
    const envName = optionEnvName(service, option.flag)
    const sources: Array<{ name: string; text: string | boolean | undefined; isOldName: boolean }> = [
      { name: `--${option.flag}`, text: flags[option.flag], isOldName: false },
      ...(option.oldFlags ?? []).map((flag) => ({ name: `--${flag}`, text: flags[flag], isOldName: true })),
      ...(option.isFlagOnly === true ? [] : [{ name: envName, text: nonEmpty(env[envName]), isOldName: false }]),
      ...(option.sharedEnv === undefined ? [] : [{ name: option.sharedEnv, text: nonEmpty(env[option.sharedEnv]), isOldName: false }]),
      ...(option.oldEnvs ?? []).map((name) => ({ name, text: nonEmpty(env[name]), isOldName: true })),
    ]
    const source = sources.find((candidate) => candidate.text !== undefined)
    if (source === undefined) continue
    if (source.isOldName) deprecations.push(`${source.name} is deprecated: use ${source.name.startsWith('--') ? `--${option.flag}` : envName}`)
    values[key] = typeof source.text === 'boolean' ? source.text : readOptionValue(option, source.name, source.text!, source.isOldName)
  }
  return { values: values as ServiceOptionValues<O>, deprecations }
}

function nonEmpty(text: string | undefined): string | undefined {
  return text === undefined || text === '' ? undefined : text
}

/** Every flag, current and old, through parseArgs (strict: an unknown flag or a stray argument is refused). */
function parseFlags(options: ServiceOptions, argv: readonly string[]): Record<string, string | boolean | undefined> {
  const config: NonNullable<ParseArgsConfig['options']> = {}
  for (const option of Object.values(options)) {
    for (const flag of [option.flag, ...(option.oldFlags ?? [])]) config[flag] = { type: option.kind === 'boolean' ? 'boolean' : 'string' }
  }
  try {
    return parseArgs({ args: [...argv], options: config, strict: true, allowPositionals: false }).values as Record<string, string | boolean | undefined>
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0]!
    const flag = /'(-[^' ]+)/.exec(reason)?.[1] ?? argv.join(' ')
    throw new InvalidOptionError({ option: flag, reason })
  }
}
