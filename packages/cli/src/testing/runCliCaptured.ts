import { commands } from '../commands/index.ts'
import { runCli } from '../runCli.ts'

export type CapturedRun = { code: number; stdout: string; stderr: string }

/**
 * Runs the `verity` command line in this process with `args` (no child process: fast, and its
 * services' clients share the test's loopback guard), capturing what it writes and its exit code.
 * @example const { code, stdout } = await runCliCaptured('vault', 'show', 'user.json', '--json')
 */
export async function runCliCaptured(...args: string[]): Promise<CapturedRun> {
  let stdout = ''
  let stderr = ''
  const code = await runCli(commands, args, new AbortController().signal, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  })
  return { code, stdout, stderr }
}
