/**
 * One start-up option of a service, as every service declares it (the one convention of
 * readServiceOptions): a kebab-case flag, the variable VERITY_<SERVICE>_<FLAG> derived from it
 * (optionEnvName), a kind that fixes how its text is read, and the old names still accepted.
 * Durations are integers with their unit in the name (`--intent-ttl-ms 86400000`).
 */
export type ServiceOption = Readonly<{
  /** kebab-case, without the dashes: `intent-ttl-ms` is `--intent-ttl-ms` and VERITY_ORCHESTRATOR_INTENT_TTL_MS */
  flag: string
  kind: ServiceOptionKind
  /** one line for the docs table (docs/operations.md) */
  summary: string
  /** the default as the docs show it; absent: none (the option is off or unset) */
  defaultText?: string
  /** inclusive bounds of an `integer` or `durationMs` */
  min?: number
  max?: number
  /** the accepted words of a `choice` */
  choices?: readonly string[]
  /** deprecated flags (without dashes) still accepted, with a warning; a duration may carry a unit there (`24h`) */
  oldFlags?: readonly string[]
  /** deprecated variables still accepted, with a warning */
  oldEnvs?: readonly string[]
  /** not settable by a variable (a flag only) */
  isFlagOnly?: boolean
  /** a variable every service reads for this option (VERITY_LOG_LEVEL), below the service's own */
  sharedEnv?: string
}>

export type ServiceOptionKind = 'string' | 'integer' | 'durationMs' | 'boolean' | 'list' | 'portList' | 'postgresUrl' | 'choice'

/** The value each kind reads to. */
export type ServiceOptionValue<K extends ServiceOptionKind> = K extends 'integer' | 'durationMs'
  ? number
  : K extends 'boolean'
    ? boolean
    : K extends 'list'
      ? string[]
      : K extends 'portList'
        ? number[]
        : string

/** A service's options by the key of its settings object. */
export type ServiceOptions = Readonly<Record<string, ServiceOption>>

/** The options read: only those given (by flag or variable); the caller applies its defaults. */
export type ServiceOptionValues<O extends ServiceOptions> = { -readonly [K in keyof O]?: ServiceOptionValue<O[K]['kind']> }
