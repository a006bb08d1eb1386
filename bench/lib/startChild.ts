// Runs a TypeScript file of bench/ in a child process (node --import tsx) and talks to it over
// IPC with `{ type, ... }` messages. Services run in children so that the load generator in the
// parent does not share their event loop; memory figures come from a child's own resourceUsage.
import { fork, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export type ChildMessage = { type: string; [key: string]: unknown }

export type BenchChild = {
  readonly process: ChildProcess
  send(message: ChildMessage): void
  /** The next message of `type` (earlier ones of that type are kept in order); rejects if the child exits first. */
  receive<T extends ChildMessage = ChildMessage>(type: string, timeoutMs?: number): Promise<T>
  /** Sends `stop`, waits for the exit (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<void>
}

/** Starts `bench/<relativePath>` with `args`; its stdout/stderr go to ours. */
export function startChild(relativePath: string, args: readonly string[] = []): BenchChild {
  const script = fileURLToPath(new URL(`../${relativePath}`, import.meta.url))
  const child = fork(script, [...args], {
    execArgv: ['--import', 'tsx'],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, VERITY_LOG_LEVEL: process.env.VERITY_LOG_LEVEL ?? 'warn' },
  })
  const inbox: ChildMessage[] = []
  const waiters = new Set<() => void>()
  let exit: string | undefined
  child.on('message', (message: ChildMessage) => {
    inbox.push(message)
    for (const wake of [...waiters]) wake()
  })
  child.once('exit', (code, signal) => {
    exit = `bench child ${relativePath} exited (${signal ?? code})`
    for (const wake of [...waiters]) wake()
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

  function receive<T extends ChildMessage>(type: string, timeoutMs = 600_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const index = inbox.findIndex((message) => message.type === type || message.type === 'error')
        if (index >= 0) {
          const [message] = inbox.splice(index, 1)
          finish()
          if (message!.type === 'error') reject(new Error(`${relativePath}: ${String(message!.message)}`))
          else resolve(message as T)
        } else if (exit !== undefined) {
          finish()
          reject(new Error(`${exit} while waiting for "${type}"`))
        }
      }
      const timer = setTimeout(() => {
        finish()
        reject(new Error(`${relativePath}: no "${type}" message within ${timeoutMs} ms`))
      }, timeoutMs)
      const finish = () => {
        clearTimeout(timer)
        waiters.delete(check)
      }
      waiters.add(check)
      check()
    })
  }

  return {
    process: child,
    send: (message) => {
      if (child.connected) child.send(message)
    },
    receive,
    async stop(graceMs = 30_000) {
      if (exit !== undefined) return
      if (child.connected) child.send({ type: 'stop' })
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
      await exited
      clearTimeout(timer)
    },
  }
}
