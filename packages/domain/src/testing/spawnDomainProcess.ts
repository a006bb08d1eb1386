// Starts a domain in a child process (runDomainProcess.ts) and waits until it listens (tests only).
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { DomainConfig } from '../config/DomainConfig.ts'

export type DomainProcess = { url: string; child: ChildProcess; killHard(): Promise<void> }

export async function spawnDomainProcess(config: DomainConfig): Promise<DomainProcess> {
  const script = fileURLToPath(new URL('./runDomainProcess.ts', import.meta.url))
  const child = spawn(process.execPath, ['--import', 'tsx', script, JSON.stringify(config)], { stdio: ['ignore', 'pipe', 'inherit'] })
  const url = await new Promise<string>((resolve, reject) => {
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /READY (\S+)/.exec(output)
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code) => reject(new Error(`domain process exited with ${code}`)))
  })
  return {
    url,
    child,
    async killHard() {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGKILL')
      await exited
    },
  }
}
