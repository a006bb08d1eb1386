// What a scenario gets from the runner: its settings and deadline, a place for figures, and
// owners for everything it creates (processes, temp dirs), so that the runner can kill and remove
// all of it at the end whatever happened.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ChaosFigures } from './ChaosFigures.ts'
import type { ChaosSettings } from './chaosSettings.ts'
import { Deadline } from './Deadline.ts'
import { startService, type ServiceProcess, type StartServiceOptions } from './ServiceProcess.ts'

export type ChaosContext = {
  readonly settings: ChaosSettings
  readonly deadline: Deadline
  readonly figures: ChaosFigures
  /** The operator token given to every service (VERITY_ADMIN_TOKEN) and sent by every client. */
  readonly adminToken: string
  /** Headers every request of the suite carries (the operator token). */
  readonly authHeaders: Record<string, string>
  /** The fast-check seed of this run (printed, so a failure can be replayed with --seed). */
  readonly seed: number
  /** Starts a service owned by this scenario (killed at its end); the token is in its env. */
  startService(options: StartServiceOptions): Promise<ServiceProcess>
  /** A new temp directory owned by this scenario (removed at its end). */
  makeTempDir(label: string): string
  /** Registers a clean-up step, run (newest first) when the scenario ends. */
  onCleanup(step: () => Promise<void> | void): void
  log(line: string): void
}

export type OwnedChaosContext = ChaosContext & {
  /** Reports of the scenario's processes that exited without being stopped or killed by it. */
  unexpectedExits(): string[]
  cleanup(): Promise<void>
}

/** Longest one clean-up step (stopping a throwaway cluster, removing a temp dir) may take. */
const CLEANUP_STEP_MS_MAX = 30_000

export function createChaosContext(parameters: { name: string; settings: ChaosSettings; budgetMs: number; seed: number; log: (line: string) => void }): OwnedChaosContext {
  const adminToken = process.env.VERITY_ADMIN_TOKEN ?? randomBytes(24).toString('base64url')
  const cleanups: Array<() => Promise<void> | void> = []
  const processes = new Set<ServiceProcess>()
  return {
    settings: parameters.settings,
    deadline: new Deadline(parameters.name, parameters.budgetMs),
    figures: new ChaosFigures(),
    adminToken,
    authHeaders: { authorization: `Bearer ${adminToken}` },
    seed: parameters.seed,
    async startService(options) {
      const service = await startService({ ...options, env: { VERITY_ADMIN_TOKEN: adminToken, ...options.env } })
      processes.add(service)
      return service
    },
    makeTempDir(label) {
      const dir = mkdtempSync(join(tmpdir(), `verity-chaos-${label}-`))
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
      return dir
    },
    onCleanup(step) {
      cleanups.push(step)
    },
    log: (line) => parameters.log(`[${parameters.name}] ${line}`),
    unexpectedExits: () => [...processes].flatMap((service) => service.unexpectedExit() ?? []),
    async cleanup() {
      // Processes first (they hold files in the temp dirs and connections to throwaway databases).
      // A process still there after SIGKILL (stuck in the kernel) is logged and left, as a stuck step is.
      const kills = await Promise.allSettled([...processes].map((service) => service.killHard()))
      for (const kill of kills) if (kill.status === 'rejected') parameters.log(`[${parameters.name}] clean-up: ${(kill.reason as Error).message}`)
      for (const step of cleanups.reverse()) {
        let timer: NodeJS.Timeout | undefined
        try {
          // A step that hangs (a cluster that will not stop) must not hold the suite: it is logged and left.
          const stuck = new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`did not finish within ${CLEANUP_STEP_MS_MAX} ms`)), CLEANUP_STEP_MS_MAX)
          })
          await Promise.race([Promise.resolve().then(step), stuck])
        } catch (error) {
          parameters.log(`[${parameters.name}] clean-up step failed: ${(error as Error).message}`)
        } finally {
          clearTimeout(timer)
        }
      }
    },
  }
}
