// Runs AP2's own reference SDK (../shared/ap2-sdk/check-chain.sh: the pinned, unmodified Python SDK
// of github google-agentic-commerce/AP2) on a Checkout Mandate chain and a Payment Mandate, the root
// key found by `kid` in a UCP platform profile. Where it cannot run here (no checker beside the
// project, no Python 3.11+, its environment cannot be made from the local package index), it says
// why instead of a result, so the test skips with that reason.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Where the checker lies: `shared/` beside the project (the repository root's parent). */
export const AP2_CHECKER_PATH = fileURLToPath(new URL('../../../../../shared/ap2-sdk/check-chain.sh', import.meta.url))
/** Longest one run may take: the first makes the Python environment (under a minute with a local index). */
export const AP2_CHECK_TIMEOUT_MS = 240_000
/** What check-chain.sh says when its environment, not the mandates, is at fault (its exit 2). */
const ENVIRONMENT_PROBLEM = /not found|too old|venv creation failed|pip install failed|cannot create/

export type Ap2ChainCheck = { skipped: string } | { code: number; output: string }

export type CheckAp2ChainParameters = { checkoutMandate: string; paymentMandate: string; expectedAud: string; platformProfile: unknown }

/** check-chain.sh's verdict on the mandates (`code` 0: every step passed; `output` its report), or why it could not run. */
export async function checkAp2Chain(parameters: CheckAp2ChainParameters): Promise<Ap2ChainCheck> {
  if (!existsSync(AP2_CHECKER_PATH)) return { skipped: `AP2's SDK checker is not at ${AP2_CHECKER_PATH} (shared/ beside the project)` }
  const dir = mkdtempSync(join(tmpdir(), 'verity-ap2-sdk-'))
  try {
    const files = { checkout: join(dir, 'checkout-mandate.txt'), payment: join(dir, 'payment-mandate.txt'), profile: join(dir, 'platform-profile.json') }
    writeFileSync(files.checkout, parameters.checkoutMandate)
    writeFileSync(files.payment, parameters.paymentMandate)
    writeFileSync(files.profile, JSON.stringify(parameters.platformProfile))
    const args = ['--checkout-mandate', files.checkout, '--payment-mandate', files.payment, '--expected-aud', parameters.expectedAud, '--platform-profile', files.profile]
    const { code, output } = await run('bash', [AP2_CHECKER_PATH, ...args])
    if (code === 2 && ENVIRONMENT_PROBLEM.test(output)) return { skipped: `AP2's SDK checker cannot run here: ${output.trim().split('\n').filter((line) => line.startsWith('check-chain:')).join('; ')}` }
    return { code, output }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

function run(command: string, args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
    const timer = setTimeout(() => child.kill('SIGKILL'), AP2_CHECK_TIMEOUT_MS)
    child.on('error', (error) => {
      clearTimeout(timer)
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EACCES') resolve({ code: 2, output: `check-chain: ${command} not found` })
      else reject(error)
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code: code ?? 1, output })
    })
  })
}
