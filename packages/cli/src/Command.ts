import type { Progress } from './showProgress.ts'
import type { ParseArgsConfig } from 'node:util'

/** Options every command accepts. */
export const COMMON_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  json: { type: 'boolean' },
} as const satisfies NonNullable<ParseArgsConfig['options']>

export type CommandOptions = NonNullable<ParseArgsConfig['options']>

/** What a command's `run` receives: parsed flags, positional arguments and an output sink. */
export type CommandContext = {
  values: Record<string, string | boolean | string[] | boolean[] | undefined>
  positionals: string[]
  json: boolean
  out: Output
  /** Aborted on Ctrl-C; long-running commands stop when it fires. */
  signal: AbortSignal
}

/** Where the CLI writes: process.stdout and process.stderr, or buffers in tests. */
export type CliStreams = {
  stdout: { write(text: string): unknown }
  stderr: { write(text: string): unknown; isTTY?: boolean }
}

export type Output = {
  /** Prints a result: `human` on a terminal, `data` as one JSON line with --json. */
  result(human: string, data: unknown): void
  /** Progress and notes, to stderr, never in --json output. */
  info(text: string): void
  /** Shows the progress of a long wait on stderr (redrawn with elapsed seconds on a terminal). */
  progress(label: string): Progress
}

/**
 * One `verity` command. `path` is its words (`['template', 'check']`); `usage` and `summary`
 * make its --help; `run` returns the process exit code (0 success, 1 failure it reported).
 */
export type Command = {
  path: readonly string[]
  summary: string
  usage: string
  options?: CommandOptions
  /** One line per option for --help (options shared by many commands are described in runCli). */
  optionHelp?: Readonly<Record<string, string>>
  /** Pass every argument after the command words to `run` unparsed, as positionals (service flags). */
  rawArgs?: boolean
  /** How many positionals the command takes: [min, max]. */
  positionals?: readonly [number, number]
  run(context: CommandContext): Promise<number>
}
