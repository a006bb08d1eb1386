import { test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bn254 } from '@noble/curves/bn254.js'
import { generateDevCrs } from './generateDevCrs.ts'
import { readCrs } from './readCrs.ts'
import { CRS_INFO_FILE, G1_FILE, G2_FILE } from './crsFiles.ts'

test('dev CRS: labelled insecure, in the layout bb.js reads, powers of one τ', async () => {
  const root = mkdtempSync(join(tmpdir(), 'verity-crs-'))
  const dir = join(root, 'crs')
  try {
    const info = await generateDevCrs({ dir, points: 8, threads: 2 })
    assert.equal(info.crs, 'dev')
    assert.equal(info.insecure, true)
    assert.equal(JSON.parse(readFileSync(join(dir, CRS_INFO_FILE), 'utf8')).insecure, true)
    assert.equal(statSync(join(dir, G1_FILE)).size, 8 * 64)
    assert.equal(statSync(join(dir, G2_FILE)).size, 128)
    assert.equal(readCrs(dir).kind, 'dev')
    const g1 = readFileSync(join(dir, G1_FILE))
    const point = (i: number) => bn254.G1.Point.fromAffine({
      x: BigInt('0x' + g1.subarray(64 * i, 64 * i + 32).toString('hex')),
      y: BigInt('0x' + g1.subarray(64 * i + 32, 64 * i + 64).toString('hex')),
    })
    assert.ok(point(0).equals(bn254.G1.Point.BASE))
    const g2 = readFileSync(join(dir, G2_FILE))
    const f = (k: number) => BigInt('0x' + g2.subarray(32 * k, 32 * k + 32).toString('hex'))
    const tau2 = bn254.G2.Point.fromAffine({ x: bn254.fields.Fp2.create({ c0: f(0), c1: f(1) }), y: bn254.fields.Fp2.create({ c0: f(2), c1: f(3) }) })
    // e([τ^(i+1)]₁, G₂) = e([τ^i]₁, [τ]₂): consecutive points are powers of the τ in the G2 file.
    for (const i of [0, 3, 6]) {
      const left = bn254.pairing(point(i + 1), bn254.G2.Point.BASE)
      const right = bn254.pairing(point(i), tau2)
      assert.ok(bn254.fields.Fp12.eql(left, right), `point ${i + 1}`)
    }
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
})
