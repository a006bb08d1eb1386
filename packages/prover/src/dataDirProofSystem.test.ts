import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { claimDataDirProofSystem, PROOF_SYSTEM_MARKER_FILE } from './dataDirProofSystem.ts'
import { DataDirProofSystemError } from './errors/proverErrors.ts'

test('a data directory is claimed for this proof system; one of an older devnet is refused with what to do', (t) => {
  const root = mkdtempSync(join(tmpdir(), 'verity-datadir-'))
  t.after(() => rmSync(root, { recursive: true, force: true }))
  const fresh = join(root, 'fresh')
  claimDataDirProofSystem(fresh, 'x.sqlite')
  assert.deepEqual(JSON.parse(readFileSync(join(fresh, PROOF_SYSTEM_MARKER_FILE), 'utf8')), { proof_system: 'ultrahonk-zk/bb5' })
  writeFileSync(join(fresh, 'x.sqlite'), '')
  claimDataDirProofSystem(fresh, 'x.sqlite')

  const old = join(root, 'old')
  claimDataDirProofSystem(old, 'other.sqlite')
  rmSync(join(old, PROOF_SYSTEM_MARKER_FILE))
  writeFileSync(join(old, 'x.sqlite'), 'old proofs')
  assert.throws(
    () => claimDataDirProofSystem(old, 'x.sqlite'),
    (error: unknown) => error instanceof DataDirProofSystemError && error.code === 'DATA_DIR_PROOF_SYSTEM' && /proof system "ultrahonk".*verity upgrade --data-dir/.test(error.message),
  )
  writeFileSync(join(old, PROOF_SYSTEM_MARKER_FILE), JSON.stringify({ proof_system: 'something-else' }))
  assert.throws(() => claimDataDirProofSystem(old, 'x.sqlite'), /proof system "something-else"/)
})
