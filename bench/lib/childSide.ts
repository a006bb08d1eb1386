// The child's half of startChild.ts: typed messages to the parent, and a `stop` handler.
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import type { ChildMessage } from './startChild.ts'

/** Sends a message to the parent process. */
export function tellParent(message: ChildMessage): void {
  if (process.send === undefined) throw new Error('this script runs as a bench child (started by bench/run.ts)')
  process.send(message)
}

/** Waits for the parent's next message of `type`. */
export function nextFromParent<T extends ChildMessage = ChildMessage>(type: string): Promise<T> {
  return new Promise((resolve) => {
    const listener = (message: ChildMessage) => {
      if (message.type !== type) return
      process.off('message', listener)
      resolve(message as T)
    }
    process.on('message', listener)
  })
}

/**
 * Runs `main`; reports an error to the parent instead of dying silently; on the parent's `stop`
 * (or when the parent goes away) runs `close` and exits.
 */
export function runChild(main: () => Promise<{ close(): Promise<void> } | void>): void {
  let close: (() => Promise<void>) | undefined
  const exit = async () => {
    try {
      await close?.()
    } finally {
      process.exit(0)
    }
  }
  process.on('message', (message: ChildMessage) => {
    if (message.type === 'stop') void exit()
    if (message.type === 'cpu-profile-start') void startCpuProfile()
    if (message.type === 'cpu-profile-stop') void stopCpuProfile(String(message.path))
  })
  process.on('disconnect', () => void exit())
  main()
    .then((handle) => {
      if (handle) close = () => handle.close()
    })
    .catch((error: unknown) => {
      tellParent({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) })
      process.exitCode = 1
      setTimeout(() => process.exit(1), 100)
    })
}

/** Peak resident memory of this process so far, in MiB (Linux reports maxRSS in KiB). */
export const maxRssMib = (): number => process.resourceUsage().maxRSS / 1024

let profiler: Session | undefined

/** Starts V8's sampling profiler on this process's main thread (bench/profileService.ts asks for it). */
async function startCpuProfile(): Promise<void> {
  profiler = new Session()
  profiler.connect()
  await profiler.post('Profiler.enable')
  await profiler.post('Profiler.setSamplingInterval', { interval: 200 })
  await profiler.post('Profiler.start')
  tellParent({ type: 'cpu-profile-started' })
}

/** Stops the profiler and writes the .cpuprofile to `path`. */
async function stopCpuProfile(path: string): Promise<void> {
  if (profiler === undefined) throw new Error('cpu-profile-stop before cpu-profile-start')
  const { profile } = await profiler.post('Profiler.stop')
  profiler.disconnect()
  profiler = undefined
  writeFileSync(path, JSON.stringify(profile))
  tellParent({ type: 'cpu-profile-written', path })
}
