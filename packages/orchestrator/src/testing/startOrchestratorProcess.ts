import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url))

export type OrchestratorProcess = { child: ChildProcess; url: string; pid: number }

/** Starts src/main.ts in a child process with `args` (plus a free port); resolves once it listens. */
export async function startOrchestratorProcess(args: readonly string[]): Promise<OrchestratorProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, '--port', '0', '--log-level', 'silent', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (\S+)/.exec(output)
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code, signal) => reject(new Error(`orchestrator exited (${code ?? signal}) before listening`)))
  })
  return { child, url, pid: child.pid! }
}

/** SIGKILLs the process (no shutdown of any kind) and waits for it to be gone. */
export function killProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })
}
