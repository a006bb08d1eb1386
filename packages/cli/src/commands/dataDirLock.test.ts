// One process per data directory (issue 46, item 5), with real `verity` processes: a second
// `verity up` on a directory a running one holds is refused naming it, before it writes anything
// (domain.yaml is not rewritten); so is a lone service on a directory `up` holds; after kill -9
// of the holder, a new process takes the directory over.
import assert from 'node:assert/strict'
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { VERITY_VERSION } from '@verity/core'
import { runVerity, spawnVerity } from '../testing/runVerity.ts'

const dir = mkdtempSync(join(tmpdir(), 'verity-lock-cli-'))
const children: ChildProcess[] = []
after(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) await stop(child, 'SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

const UP_PORTS = ['--orchestrator-port', '0', '--domain-port', '0', '--base-layer-port', '0', '--extractor-port', '0', '--store-port', '0', '--web-port', '0']

// Starts `verity ...args` and resolves once its output contains `ready`.
async function startVerity(args: string[], ready: string): Promise<ChildProcess> {
  const child = spawnVerity(args, { cwd: dir })
  children.push(child)
  let output = ''
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: string) => {
      output += chunk
      if (output.includes(ready)) resolve()
    }
    child.stdout!.setEncoding('utf8').on('data', read)
    child.stderr!.setEncoding('utf8').on('data', read)
    child.once('exit', (code) => reject(new Error(`verity ${args.join(' ')} exited ${code}: ${output}`)))
  })
  return child
}

async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill(signal)
  await exited
}

test('a second verity up, or a lone service, on a held data directory is refused naming the holder; kill -9 frees it', { timeout: 600_000 }, async () => {
  // Each start line says the release.
  const up = await startVerity(['up', '--data-dir', 'data', ...UP_PORTS], `Verity ${VERITY_VERSION} devnet is up:`)
  const domainYaml = readFileSync(join(dir, 'data', 'domain.yaml'), 'utf8')

  const second = await runVerity(['up', '--data-dir', 'data', ...UP_PORTS], { cwd: dir })
  assert.equal(second.code, 1, second.stderr)
  assert.match(second.stderr, new RegExp(`^error: data directory ${join(dir, 'data')} is in use \\(verity-up\\): held by pid ${up.pid} on \\S+ \\(.*verity\\.mjs up --data-dir data .*\\), started \\d{4}-.*Z, Verity ${VERITY_VERSION.replaceAll('.', '\\.')}; stop that process first`, 'm'))
  assert.equal(readFileSync(join(dir, 'data', 'domain.yaml'), 'utf8'), domainYaml, 'the refused up did not rewrite domain.yaml')

  const lone = await runVerity(['base-layer', '--port', '0', '--data-dir', 'data/base-layer'], { cwd: dir })
  assert.equal(lone.code, 1, lone.stderr)
  assert.match(lone.stderr, new RegExp(`is in use \\(base-layer\\): held by pid ${up.pid} `))

  await stop(up, 'SIGKILL')
  const next = await startVerity(['base-layer', '--port', '0', '--data-dir', 'data/base-layer'], `(Verity ${VERITY_VERSION}, verifier: `)
  await stop(next, 'SIGINT')
  assert.equal(next.exitCode, 0)
})
