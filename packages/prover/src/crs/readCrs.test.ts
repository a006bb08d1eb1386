// A CRS directory is labelled 'ignition' by its G2 point, never by what its metadata says or leaves out.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'node:test'
import { CRS_INFO_FILE, G1_FILE, G1_POINT_BYTES, G2_FILE } from './crsFiles.ts'
import { IGNITION_G2_FILE_HEX } from './ignitionG2.ts'
import { readCrs } from './readCrs.ts'

function crsDirectory(g2: Buffer, info?: object): string {
  const dir = mkdtempSync(join(tmpdir(), 'verity-crs-'))
  writeFileSync(join(dir, G1_FILE), Buffer.alloc(2 * G1_POINT_BYTES, 1))
  writeFileSync(join(dir, G2_FILE), g2)
  if (info !== undefined) writeFileSync(join(dir, CRS_INFO_FILE), JSON.stringify(info))
  return dir
}

const ignitionG2 = Buffer.from(IGNITION_G2_FILE_HEX, 'hex')
const otherG2 = Buffer.from(ignitionG2).fill(7, 0, 1)

test("a CRS whose G2 point is Ignition's is 'ignition'", (t) => {
  const dir = crsDirectory(ignitionG2)
  t.after(() => rmSync(dir, { recursive: true }))
  assert.equal(readCrs(dir).kind, 'ignition')
})

test("a CRS with another G2 point and no dev metadata is 'dev' (of unknown origin: as forgeable as a dev CRS)", (t) => {
  const dir = crsDirectory(otherG2)
  t.after(() => rmSync(dir, { recursive: true }))
  assert.equal(readCrs(dir).kind, 'dev')
})

test("dev metadata makes a CRS 'dev' whatever its G2 point", (t) => {
  const dir = crsDirectory(ignitionG2, { crs: 'dev' })
  t.after(() => rmSync(dir, { recursive: true }))
  assert.equal(readCrs(dir).kind, 'dev')
})

test("an empty directory is 'ignition' (bb.js downloads Ignition's files into it)", (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-crs-'))
  t.after(() => rmSync(dir, { recursive: true }))
  assert.deepEqual(readCrs(dir), { path: dir, kind: 'ignition', points: 0, fingerprint: 'ignition-download' })
})
