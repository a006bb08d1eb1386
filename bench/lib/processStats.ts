// What a service process uses, from /proc: its CPU time (all threads, user + system) and resident
// memory. CPU time divided by the requests of a run is the service's CPU per request, a figure
// that the other work sharing the machine's cores disturbs far less than a rate does.
import { readdirSync, readFileSync } from 'node:fs'

/** Kernel clock ticks per second of /proc's utime and stime (USER_HZ; 100 on Linux x86-64 and arm64). */
const CLOCK_TICKS_PER_SECOND = 100

/** User + system CPU time of process `pid` in ms, or undefined where /proc is not there. */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const userTicks = Number(fields[11])
    const systemTicks = Number(fields[12])
    return ((userTicks + systemTicks) * 1_000) / CLOCK_TICKS_PER_SECOND
  } catch {
    return undefined
  }
}

/** Runs `work` and returns its result with the CPU ms process `pid` used meanwhile. */
export async function withProcessCpu<T>(pid: number | undefined, work: () => Promise<T>): Promise<{ result: T; cpuMs: number | undefined }> {
  const before = processCpuMs(pid)
  const result = await work()
  const after = processCpuMs(pid)
  return { result, cpuMs: before === undefined || after === undefined ? undefined : after - before }
}

/** Resident memory of process `pid` now, in MiB (VmRSS of /proc/<pid>/status), or undefined without /proc. */
export function processRssMib(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
    return match === null ? undefined : Number(match[1]) / 1024
  } catch {
    return undefined
  }
}

/**
 * CPU ms (user + system) of each thread of process `pid` by thread id (/proc/<pid>/task), or
 * undefined without /proc. The main thread's id is the pid; worker threads follow in start order.
 */
export function threadCpuMs(pid: number | undefined): Map<number, number> | undefined {
  if (pid === undefined) return undefined
  try {
    const threads = new Map<number, number>()
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const cpuMs = taskCpuMs(pid, Number(tid))
      if (cpuMs !== undefined) threads.set(Number(tid), cpuMs)
    }
    return threads
  } catch {
    return undefined
  }
}

/** CPU ms of thread `tid` of process `pid` alone (a thread that ended meanwhile: undefined). */
function taskCpuMs(pid: number, tid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1_000) / CLOCK_TICKS_PER_SECOND
  } catch {
    return undefined
  }
}

/**
 * CPU ms (user + system) of the live child processes of `parentPid` named `command` (the comm of
 * /proc/<pid>/stat, e.g. "bb" for the native Barretenberg that @aztec/bb.js starts), summed; 0 when
 * there are none, undefined without /proc.
 */
export function childProcessesCpuMs(parentPid: number, command: string): number | undefined {
  let pids: string[]
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name))
  } catch {
    return undefined
  }
  let totalMs = 0
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (name !== command || Number(fields[1]) !== parentPid) continue
      totalMs += ((Number(fields[11]) + Number(fields[12])) * 1_000) / CLOCK_TICKS_PER_SECOND
    } catch {
      // the process ended meanwhile
    }
  }
  return totalMs
}
