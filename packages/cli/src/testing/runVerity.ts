import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** The `verity` executable as users run it (the bin of @verity/cli). */
export const VERITY_BIN = fileURLToPath(new URL('../../bin/verity.mjs', import.meta.url))

export type VerityRun = { code: number | null; stdout: string; stderr: string }
export type RunVerityOptions = { cwd?: string; env?: Record<string, string | undefined>; timeoutMs?: number }

/** Runs `verity ...args` in a child process and collects its exit code and output. */
export function runVerity(args: readonly string[], options: RunVerityOptions = {}): Promise<VerityRun> {
  return new Promise((resolve, reject) => {
    const child = spawnVerity(args, options)
    let stdout = ''
    let stderr = ''
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000)
    child.once('error', reject)
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}

/** Starts `verity ...args` without waiting for it (for `verity up`). */
export function spawnVerity(args: readonly string[], options: RunVerityOptions = {}): ChildProcess {
  return spawn(process.execPath, [VERITY_BIN, ...args], {
    cwd: options.cwd ?? process.cwd(),
    env: { ...process.env, VERITY_LOG_LEVEL: 'warn', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

/** Runs `verity`, asserting exit code 0, and returns its stdout without the final newline. */
export async function verityOk(args: readonly string[], options: RunVerityOptions = {}): Promise<string> {
  const run = await runVerity(args, options)
  if (run.code !== 0) throw new Error(`verity ${args.join(' ')} exited ${run.code}\nstdout: ${run.stdout}\nstderr: ${run.stderr}`)
  return run.stdout.replace(/\n$/, '')
}
