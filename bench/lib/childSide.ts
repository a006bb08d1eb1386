// The child's half of startChild.ts: typed messages to the parent, and a `stop` handler.
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
