// A local EVM node for development: Hardhat 2's JSON-RPC node, started from the npm package in a
// child process, bound to 127.0.0.1 (Hardhat binds 0.0.0.0 unless told otherwise), mining on every
// transaction and every LOCAL_EVM_BLOCK_INTERVAL_MS, so confirmations arrive without traffic. Its
// config (hardhat.config.cjs, this package) needs no compiler: Hardhat serves as the node only.
import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { LocalEvmNodeError } from '../errors/evmSettlementErrors.ts'
import { LOCAL_EVM_START_WAIT_MS_MAX } from '../limits.ts'

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url))
const HARDHAT_CLI = join(dirname(createRequire(import.meta.url).resolve('hardhat/package.json')), 'internal', 'cli', 'cli.js')

/**
 * Hardhat's first default account (its mnemonic is public): the devnet's deployer and operator.
 * Publicly known: never use it on a real chain.
 */
export const LOCAL_EVM_DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' as const

export type LocalEvmNode = { rpcUrl: string; port: number; child: ChildProcess; close(): Promise<void> }

export async function startLocalEvmNode(options: { port: number; log?: (line: string) => void }): Promise<LocalEvmNode> {
  const child = spawn(process.execPath, [HARDHAT_CLI, 'node', '--hostname', '127.0.0.1', '--port', String(options.port)], {
    cwd: PACKAGE_DIR,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
  })
  let output = ''
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000))
  child.stdout!.on('data', collect)
  child.stderr!.on('data', collect)
  const rpcUrl = `http://127.0.0.1:${options.port}`
  const close = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new LocalEvmNodeError({ port: options.port, reason: `no JSON-RPC after ${LOCAL_EVM_START_WAIT_MS_MAX} ms: ${output.trim()}` })), LOCAL_EVM_START_WAIT_MS_MAX)
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new LocalEvmNodeError({ port: options.port, reason: `exited with ${code}: ${output.trim()}` }))
      })
      child.stdout!.on('data', () => {
        if (output.includes('Started HTTP and WebSocket JSON-RPC server')) {
          clearTimeout(timer)
          resolve()
        }
      })
    })
  } catch (error) {
    await close()
    throw error
  }
  options.log?.(`local EVM node (Hardhat) listening on ${rpcUrl}`)
  return { rpcUrl, port: options.port, child, close }
}
