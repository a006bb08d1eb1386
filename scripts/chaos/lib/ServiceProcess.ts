// A Verity service in its own process group, started the way users start it (`verity <service>`,
// the bin of @verity/cli), so `kill -9` reaches the service and anything it spawned.
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { VERITY_BIN } from '../../../packages/cli/src/testing/runVerity.ts'
import { assertLoopbackUrl } from './assertLoopbackUrl.ts'
import { guardProcessGroup } from './exitGuard.ts'

export type ServiceKind = 'orchestrator' | 'domain' | 'base-layer' | 'extractor'

/** Longest wait for a service to print its URL, in milliseconds (a domain waits for its agreement). */
export const SERVICE_START_TIMEOUT_MS = 90_000
/** Longest wait after SIGTERM before SIGKILL, in milliseconds. */
export const SERVICE_STOP_GRACE_MS = 15_000
/** Longest wait for a process to be gone after SIGKILL, in milliseconds (only a process stuck in the kernel takes longer). */
export const SERVICE_KILL_WAIT_MS = 10_000
/** Output kept per process for error messages, in characters. */
const OUTPUT_CHARS_KEPT_MAX = 8_000

export type StartServiceOptions = {
  kind: ServiceKind
  args: readonly string[]
  env?: Record<string, string>
  /** Run as this user (through runuser), e.g. `nobody` for a data directory it cannot write. */
  user?: string
  startTimeoutMs?: number
}

export class ServiceStartError extends Error {
  override readonly name = 'ServiceStartError'
  constructor(readonly kind: ServiceKind, readonly reason: string, readonly output: string) {
    super(`verity ${kind} did not start: ${reason}\n--- its output ---\n${output}`)
  }
}

export class ServiceKillError extends Error {
  override readonly name = 'ServiceKillError'
  constructor(readonly kind: ServiceKind, readonly pid: number, readonly state: string) {
    super(`verity ${kind} (pid ${pid}) was still there ${SERVICE_KILL_WAIT_MS} ms after SIGKILL (${state})`)
  }
}

export type ServiceProcess = {
  readonly kind: ServiceKind
  readonly url: string
  readonly pid: number
  readonly child: ChildProcess
  /** The last characters the process wrote (stdout and stderr interleaved). */
  output(): string
  isRunning(): boolean
  /** When the process exited without being stopped or killed by us: its exit and last output. */
  unexpectedExit(): string | undefined
  /** SIGKILL to the whole process group; resolves once the process is gone, ServiceKillError after SERVICE_KILL_WAIT_MS. */
  killHard(): Promise<void>
  /** SIGTERM, then SIGKILL after SERVICE_STOP_GRACE_MS; resolves with the exit code (null if killed). */
  stop(): Promise<number | null>
}

/** Starts `verity <kind> ...args` detached in a new process group and resolves once it prints `listening on <url>`. */
export async function startService(options: StartServiceOptions): Promise<ServiceProcess> {
  const command = [process.execPath, VERITY_BIN, options.kind, ...options.args]
  const [file, ...args] = options.user === undefined ? command : ['runuser', '-u', options.user, '--', ...command]
  const child = spawn(file!, args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, VERITY_LOG_LEVEL: 'warn', ...options.env },
  })
  const guard = guardProcessGroup(child.pid!)
  child.once('exit', () => guard.forget())
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_CHARS_KEPT_MAX)
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const isRunning = () => child.exitCode === null && child.signalCode === null
  let isEndedByUs = false
  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal)
    } catch {
      // the group is already gone
    }
  }
  const killHard = async () => {
    isEndedByUs = true
    killGroup('SIGKILL')
    let timer: NodeJS.Timeout | undefined
    const stuck = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ServiceKillError(options.kind, child.pid!, processState(child.pid!))), SERVICE_KILL_WAIT_MS)
    })
    try {
      await Promise.race([exited, stuck])
    } finally {
      clearTimeout(timer)
    }
  }
  const url = await waitForUrl(options, child, () => output).catch(async (error: unknown) => {
    await killHard()
    throw error
  })
  return {
    kind: options.kind,
    url,
    pid: child.pid!,
    child,
    output: () => output,
    isRunning,
    unexpectedExit: () => (isRunning() || isEndedByUs ? undefined : `verity ${options.kind} (pid ${child.pid}) exited by itself (${child.signalCode ?? child.exitCode}); its last output:\n${output}`),
    killHard,
    async stop() {
      if (!isRunning()) return child.exitCode
      isEndedByUs = true
      killGroup('SIGTERM')
      const timer = setTimeout(() => killGroup('SIGKILL'), SERVICE_STOP_GRACE_MS)
      const code = await exited
      clearTimeout(timer)
      return code
    },
  }
}

function waitForUrl(options: StartServiceOptions, child: ChildProcess, output: () => string): Promise<string> {
  const timeoutMs = options.startTimeoutMs ?? SERVICE_START_TIMEOUT_MS
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new ServiceStartError(options.kind, `no "listening on" line within ${timeoutMs} ms`, output())), timeoutMs)
    const onData = () => {
      const match = /listening on (http:\/\/\S+)/.exec(output())
      if (match === null) return
      clearTimeout(timer)
      child.stdout!.off('data', onData)
      resolve(assertLoopbackUrl(match[1]!).origin)
    }
    child.stdout!.on('data', onData)
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      reject(new ServiceStartError(options.kind, `exited (${signal ?? code}) before listening`, output()))
    })
  })
}

/** The kernel's word on a process (its /proc state line: R running, S sleeping, D in the kernel, Z zombie), for error messages. */
function processState(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return `state ${stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]}`
  } catch {
    return 'no /proc entry'
  }
}
