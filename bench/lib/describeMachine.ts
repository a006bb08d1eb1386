// The machine a run came from: results drift with it, so every results.json records it.
import { execFileSync } from 'node:child_process'
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os'

export type Machine = {
  nproc: number
  cpuModel: string
  memoryGib: number
  node: string
  platform: string
  /** 1-, 5- and 15-minute load averages when the run started and when it ended. */
  loadAverageStart: number[]
  loadAverageEnd?: number[]
  gitCommit: string
}

export function describeMachine(): Machine {
  let gitCommit = 'unknown'
  try {
    gitCommit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
  } catch {
    // not a git checkout
  }
  return {
    nproc: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGib: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverageStart: loadavg().map((value) => Math.round(value * 100) / 100),
    gitCommit,
  }
}

export const currentLoadAverage = (): number[] => loadavg().map((value) => Math.round(value * 100) / 100)
