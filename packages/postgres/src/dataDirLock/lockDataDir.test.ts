import assert from 'node:assert/strict'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { VERITY_VERSION } from '@verity/core'
import { DataDirLockedError } from './DataDirLockedError.ts'
import { lockDataDir } from './lockDataDir.ts'

const HOLDER_SCRIPT = fileURLToPath(new URL('../testing/holdDataDirLock.ts', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'verity-lock-'))
const children: ChildProcess[] = []
after(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

// Runs holdDataDirLock.ts in a real process; resolves with its first line and the process.
function holdInChild(name: string): Promise<{ line: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER_SCRIPT, dir, name], { stdio: ['ignore', 'pipe', 'inherit'] })
  children.push(child)
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const newline = output.indexOf('\n')
      if (newline >= 0) resolve({ line: output.slice(0, newline), child })
    })
    child.once('exit', (code) => reject(new Error(`holder exited with ${code} before a line: ${output}`)))
  })
}

async function killHard(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGKILL')
  await exited
}

test('a second process is refused by name while the first holds the directory; after kill -9 the lock is taken over', async () => {
  const first = await holdInChild('domain')
  assert.equal(first.line, `LOCKED ${first.child.pid}`)

  // Another real process is refused, naming the holder.
  const second = await holdInChild('domain')
  assert.match(second.line, new RegExp(`^REFUSED DATA_DIR_LOCKED data directory .* is in use \\(domain\\): held by pid ${first.child.pid} `))
  assert.match(second.line, new RegExp(`holdDataDirLock\\.ts .*, started \\d{4}-\\d\\d-\\d\\dT.*Z, Verity ${VERITY_VERSION.replaceAll('.', '\\.')};`))
  const secondExit = await new Promise((resolve) => (second.child.exitCode === null ? second.child.once('exit', resolve) : resolve(second.child.exitCode)))
  assert.equal(secondExit, 1)

  // So is this process, with the holder in the error's fields.
  const refused = (() => {
    try {
      lockDataDir({ dir, name: 'domain' })
    } catch (error) {
      return error
    }
    return undefined
  })()
  assert.ok(refused instanceof DataDirLockedError)
  assert.equal(refused.code, 'DATA_DIR_LOCKED')
  assert.equal(refused.fields.holder?.pid, first.child.pid)

  // Another name in the same directory is another lock (the domain's embedded base layer beside it).
  lockDataDir({ dir, name: 'base-layer' }).release()

  // The holder is killed without a chance to clean up: the OS drops its lock, and we take it.
  await killHard(first.child)
  const lock = lockDataDir({ dir, name: 'domain' })
  const third = await holdInChild('domain')
  assert.match(third.line, new RegExp(`^REFUSED DATA_DIR_LOCKED .* held by pid ${process.pid} `), 'the new holder is named, not the dead one')
  lock.release()
  const fourth = await holdInChild('domain')
  assert.equal(fourth.line, `LOCKED ${fourth.child.pid}`, 'released: the next process takes it')
  await killHard(fourth.child)
})

test('one process cannot take its own held directory twice; release is idempotent and frees it', () => {
  const lock = lockDataDir({ dir, name: 'store' })
  assert.throws(() => lockDataDir({ dir, name: 'store' }), (error: unknown) => error instanceof DataDirLockedError && error.fields.holder?.pid === process.pid)
  lock.release()
  lock.release()
  lockDataDir({ dir, name: 'store' }).release()
})

test('a lock whose caller dropped the reference is still held after garbage collection', async () => {
  setFlagsFromString('--expose-gc')
  const gc = runInNewContext('gc') as () => void
  lockDataDir({ dir, name: 'unreferenced' })
  for (let round = 0; round < 3; round++) {
    gc()
    await new Promise((resolve) => setImmediate(resolve))
  }
  assert.throws(() => lockDataDir({ dir, name: 'unreferenced' }), (error: unknown) => error instanceof DataDirLockedError && error.fields.holder?.pid === process.pid)
})
