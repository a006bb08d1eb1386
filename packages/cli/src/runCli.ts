import { parseArgs } from 'node:util'
import { isVerityError, VERITY_VERSION } from '@verity/core'
import { COMMON_OPTIONS, type CliStreams, type Command, type CommandContext, type CommandOptions } from './Command.ts'
import { createOutput } from './output.ts'
import { UsageError } from './UsageError.ts'
import { ServiceUnreachableError } from '@verity/sdk'
import { withUnreachableHint } from './unreachableHint.ts'

export const EXIT_OK = 0
export const EXIT_FAILURE = 1
export const EXIT_USAGE = 2

/**
 * Runs `verity <words...> [options]` against the command table and returns the exit code.
 * The longest command path matching the leading words wins; `--help` at any level prints help.
 */
export async function runCli(
  commands: readonly Command[],
  argv: readonly string[],
  signal: AbortSignal,
  streams: CliStreams = { stdout: process.stdout, stderr: process.stderr },
): Promise<number> {
  const usage = (message: string) => {
    streams.stderr.write(`${message}\n`)
    return EXIT_USAGE
  }
  const words = argv.filter((a) => !a.startsWith('-'))
  // `verity --version`: the release, alone on a line (scripts compare it; docs/releasing.md).
  if (words.length === 0 && argv.includes('--version')) {
    streams.stdout.write(`${VERITY_VERSION}\n`)
    return EXIT_OK
  }
  const command = findCommand(commands, words)
  const wantsHelp = argv.includes('--help') || argv.includes('-h')
  if (!command) {
    const prefix = words.slice(0, commandPrefixLength(commands, words))
    if (wantsHelp || words.length === 0 || prefix.length > 0) {
      streams.stdout.write(formatOverview(commands, prefix))
      return words.length === 0 && !wantsHelp ? EXIT_USAGE : prefix.length === words.length ? EXIT_OK : usage(`unknown command: verity ${words.join(' ')}`)
    }
    return usage(`unknown command: verity ${words.join(' ')} (try verity --help)`)
  }
  if (wantsHelp) {
    streams.stdout.write(formatHelp(command))
    return EXIT_OK
  }
  const rest = dropPath(argv, command.path)
  if (command.rawArgs) {
    const raw = rest.filter((arg) => arg !== '--json')
    return runCommand(command, { values: {}, positionals: raw, json: rest.includes('--json') }, signal, streams)
  }
  let parsed
  try {
    parsed = parseArgs({ args: [...rest], options: { ...COMMON_OPTIONS, ...command.options }, allowPositionals: true, strict: true })
  } catch (error) {
    return usage(`verity ${command.path.join(' ')}: ${(error as Error).message.split('\n')[0]}`)
  }
  const [min, max] = command.positionals ?? [0, 0]
  if (parsed.positionals.length < min || parsed.positionals.length > max)
    return usage(`verity ${command.path.join(' ')}: expected ${min === max ? min : `${min} to ${max}`} argument(s), got ${parsed.positionals.length}; usage: ${command.usage}`)
  return runCommand(command, { values: parsed.values, positionals: parsed.positionals, json: parsed.values.json === true }, signal, streams)
}

async function runCommand(
  command: Command,
  parsed: Pick<CommandContext, 'values' | 'positionals' | 'json'>,
  signal: AbortSignal,
  streams: CliStreams,
): Promise<number> {
  try {
    return await command.run({ ...parsed, out: createOutput(parsed.json, streams), signal })
  } catch (error) {
    if (error instanceof UsageError) {
      streams.stderr.write(`verity ${command.path.join(' ')}: ${error.message}\n`)
      return EXIT_USAGE
    }
    const reason =
      error instanceof ServiceUnreachableError ? withUnreachableHint(error, parsed.values) : isVerityError(error) || isReportable(error) ? (error as Error).message : listenFailureOf(error)
    if (reason === undefined) throw error
    streams.stderr.write(`error: ${reason}\n`)
    return EXIT_FAILURE
  }
}

// Errors from the clients (HTTP failures, unreachable services) carry a message meant for users.
function isReportable(error: unknown): boolean {
  return error instanceof Error && (error as { reportable?: boolean }).reportable === true
}

// A service that cannot listen (port taken, no permission) is an operating error, not a bug.
function listenFailureOf(error: unknown): string | undefined {
  const e = error as { syscall?: string; code?: string; address?: string; port?: number }
  if (e?.syscall !== 'listen') return undefined
  const hint = e.code === 'EADDRINUSE' ? ' (the port is in use: pick another with a --…-port flag)' : ''
  return `cannot listen on ${e.address ?? '?'}:${e.port ?? '?'}: ${e.code ?? 'failed'}${hint}`
}

function findCommand(commands: readonly Command[], words: readonly string[]): Command | undefined {
  let best: Command | undefined
  for (const command of commands) {
    const matches = command.path.every((word, i) => words[i] === word)
    if (matches && (!best || command.path.length > best.path.length)) best = command
  }
  return best
}

function commandPrefixLength(commands: readonly Command[], words: readonly string[]): number {
  let length = 0
  for (const command of commands) {
    let i = 0
    while (i < words.length && i < command.path.length && command.path[i] === words[i]) i++
    length = Math.max(length, i)
  }
  return length
}

// Removes the command's words from argv, keeping options and the remaining positionals in order.
function dropPath(argv: readonly string[], path: readonly string[]): string[] {
  const out: string[] = []
  let matched = 0
  for (const arg of argv) {
    if (matched < path.length && arg === path[matched]) matched++
    else out.push(arg)
  }
  return out
}

// Options many commands share, described once.
const SHARED_OPTION_HELP: Readonly<Record<string, string>> = {
  help: 'print this help',
  json: 'print the result as JSON (progress and notes stay on stderr)',
  orchestrator: 'orchestrator URL (default: $VERITY_ORCHESTRATOR_URL, else http://127.0.0.1:8080)',
  domain: 'domain URL (default: $VERITY_DOMAIN_URL, else http://127.0.0.1:3000)',
  'base-layer': 'base-layer URL (default: $VERITY_BASE_LAYER_URL, else http://127.0.0.1:9000)',
  key: 'key file that signs (verity keygen)',
  shard: 'shard id, an integer ≥ 1 (default 1)',
}

function formatHelp(command: Command): string {
  const lines = [`verity ${command.path.join(' ')} — ${command.summary}`, '', `usage: ${command.usage}`, '', 'options:']
  const options: CommandOptions = { ...command.options, ...COMMON_OPTIONS }
  const rows = Object.entries(options).map(([name, option]) => {
    const short = 'short' in option && option.short ? `-${option.short}, ` : '    '
    const value = option.type === 'string' ? ' <value>' : ''
    return [`  ${short}--${name}${value}${'multiple' in option && option.multiple ? ' …' : ''}`, command.optionHelp?.[name] ?? SHARED_OPTION_HELP[name] ?? '']
  })
  const width = Math.max(...rows.map(([flag]) => flag!.length))
  for (const [flag, text] of rows) lines.push(text ? `${flag!.padEnd(width)}  ${text}` : flag!)
  if (command.rawArgs) lines.push('  (the service\'s own flags are listed in its docs; see usage)')
  lines.push('', 'exit codes: 0 success, 1 failure, 2 bad arguments')
  return `${lines.join('\n')}\n`
}

function formatOverview(commands: readonly Command[], prefix: readonly string[]): string {
  const shown = commands.filter((c) => prefix.every((word, i) => c.path[i] === word))
  const width = Math.max(...shown.map((c) => c.path.join(' ').length))
  const lines = [`verity ${VERITY_VERSION} — verifiable intents and verifiable settlement`, '', 'commands:']
  for (const c of shown) lines.push(`  ${c.path.join(' ').padEnd(width)}  ${c.summary}`)
  lines.push('', 'Run `verity <command> --help` for a command\'s options. Every command takes --json. `verity --version` prints the release.')
  return `${lines.join('\n')}\n`
}
