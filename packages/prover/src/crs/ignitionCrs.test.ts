// The CRS check every service runs at start (fail closed, issue 42): a changed byte is refused with
// CRS_INVALID, and the message says what to do; a closed prover starts no workers afterwards.
import assert from 'node:assert/strict'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, describe, test } from 'node:test'
import { createCircuitProver } from '../createCircuitProver.ts'
import { IGNITION_CRS_DIR } from '../paths.ts'
import { G1_COMPRESSED_FILE, G2_FILE } from './crsFiles.ts'
import { readCrs } from './ignitionCrs.ts'

describe('readCrs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-crs-'))
  after(() => rmSync(dir, { recursive: true, force: true }))

  const tampered = (name: string, file: string, offset: number) => {
    const copy = join(dir, name)
    cpSync(IGNITION_CRS_DIR, copy, { recursive: true })
    const bytes = readFileSync(join(copy, file))
    bytes[offset] = bytes[offset]! ^ 0x01
    writeFileSync(join(copy, file), bytes)
    return copy
  }

  test('the committed prefix passes', () => {
    assert.equal(readCrs().points, 2 ** 15 + 1)
  })

  for (const [file, offset] of [[G1_COMPRESSED_FILE, 4_096], [G2_FILE, 5]] as const) {
    test(`one flipped bit of ${file} is refused with CRS_INVALID, naming the file and what to do`, () => {
      const copy = tampered(`flip-${file}`, file, offset)
      assert.throws(() => readCrs(copy), (error: Error & { code?: string }) => {
        assert.equal(error.code, 'CRS_INVALID')
        assert.ok(error.message.startsWith(`CRS at ${copy}: `), error.message)
        assert.ok(error.message.includes(file), error.message)
        assert.match(error.message, /refused: point --crs-path .* at an intact copy of packages\/prover\/crs\/ignition/)
        assert.ok(!error.message.includes('\n'), 'one line')
        return true
      })
    })
  }

  test('a prover refuses a tampered CRS when it is created, before any worker starts', () => {
    assert.throws(() => createCircuitProver({ crsPath: tampered('prover', G1_COMPRESSED_FILE, 64) }), { code: 'CRS_INVALID' })
  })

  test('a closed prover starts no workers: a warm-up that comes after close is cancelled', async () => {
    const prover = createCircuitProver({ workers: 1 })
    await prover.close()
    await assert.rejects(prover.warmUp(['sdl']), { code: 'PROOF_CANCELLED' })
    await assert.rejects(prover.circuitSize('sdl'), { code: 'PROOF_CANCELLED' })
  })
})
