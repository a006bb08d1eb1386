import { startTsWorker } from '../threads/startTsWorker.ts'
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { dirname, join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { bn254 } from '@noble/curves/bn254.js'
import { writeBigEndian32 } from './computeG1Powers.ts'
import { CRS_INFO_FILE, DEV_CRS_WARNING, G1_FILE, G1_POINT_BYTES, G2_FILE, type DevCrsInfo } from './crsFiles.ts'
import { DEV_CRS_POINTS_DEFAULT, DEV_CRS_POINTS_MAX } from '../limits.ts'
import { CrsError } from '../errors/proverErrors.ts'

export type GenerateDevCrsOptions = {
  /** Directory to write bn254_g1.dat, bn254_g2.dat and verity-crs.json into. */
  dir: string
  /** G1 points (circuit size + 1); default DEV_CRS_POINTS_DEFAULT. */
  points?: number
  /** Worker threads computing points; default: the machine's parallelism. */
  threads?: number
  /** Progress and warning lines; default: none. */
  log?: (line: string) => void
}

/**
 * Makes an INSECURE development CRS offline: a random τ (from the OS RNG, never stored), G1 points
 * [τ^i]₁ for i < points and the G2 point [τ]₂, in the files bb.js reads. Anyone who learned τ
 * while this ran could forge proofs against this CRS; artifacts made with it say `crs: 'dev'`.
 * Returns the metadata written to verity-crs.json.
 */
export async function generateDevCrs(options: GenerateDevCrsOptions): Promise<DevCrsInfo> {
  const points = options.points ?? DEV_CRS_POINTS_DEFAULT
  if (!Number.isSafeInteger(points) || points < 2 || points > DEV_CRS_POINTS_MAX)
    throw new CrsError({ path: options.dir, reason: `dev CRS points must be in [2, ${DEV_CRS_POINTS_MAX}], got ${points}` })
  const log = options.log ?? (() => {})
  log(`generating INSECURE dev CRS (${points} points) in ${options.dir}`)
  const tau = randomScalar()
  const threads = Math.max(1, Math.min(options.threads ?? availableParallelism(), 8))
  const chunks = await Promise.all(splitRange(points, threads).map(([start, end]) => computeInWorker(tau, start, end)))
  const g1 = new Uint8Array(points * G1_POINT_BYTES)
  let offset = 0
  for (const chunk of chunks) {
    g1.set(chunk, offset)
    offset += chunk.length
  }
  const info: DevCrsInfo = { crs: 'dev', insecure: true, warning: DEV_CRS_WARNING, points, createdAt: new Date().toISOString() }
  // Written into a sibling directory, then swapped in: concurrent generators (parallel test
  // processes on a fresh checkout) must never leave G1 points of one τ next to [τ]₂ of another.
  const staging = `${options.dir}.${process.pid}.${Date.now()}.tmp`
  mkdirSync(staging, { recursive: true })
  writeFileSync(join(staging, G1_FILE), g1)
  writeFileSync(join(staging, G2_FILE), g2Bytes(tau))
  writeFileSync(join(staging, CRS_INFO_FILE), JSON.stringify(info, null, 2) + '\n')
  swapIn(staging, options.dir)
  log(`dev CRS ready: ${points} points. ${DEV_CRS_WARNING}`)
  return info
}

function randomScalar(): bigint {
  const R = bn254.fields.Fr.ORDER
  for (;;) {
    const value = BigInt('0x' + randomBytes(40).toString('hex')) % R
    if (value > 1n) return value
  }
}

function splitRange(count: number, parts: number): [number, number][] {
  const size = Math.ceil(count / parts)
  const ranges: [number, number][] = []
  for (let start = 0; start < count; start += size) ranges.push([start, Math.min(count, start + size)])
  return ranges
}

function computeInWorker(tau: bigint, start: number, end: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const worker = startTsWorker(new URL('./devCrsWorker.ts', import.meta.url), { tau, start, end })
    worker.once('message', (bytes: Uint8Array) => {
      resolve(bytes)
      void worker.terminate()
    })
    worker.once('error', reject)
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`dev CRS worker exited with code ${code}`))
    })
  })
}

function g2Bytes(tau: bigint): Uint8Array {
  const point = bn254.G2.Point.BASE.multiply(tau).toAffine()
  const out = new Uint8Array(128)
  writeBigEndian32(out, 0, point.x.c0)
  writeBigEndian32(out, 32, point.x.c1)
  writeBigEndian32(out, 64, point.y.c0)
  writeBigEndian32(out, 96, point.y.c1)
  return out
}

function swapIn(staging: string, dir: string): void {
  mkdirSync(dirname(dir), { recursive: true })
  const retired = `${dir}.${process.pid}.${Date.now()}.old`
  try {
    renameSync(dir, retired)
  } catch {
    // No previous CRS (or another process just moved it away).
  }
  try {
    renameSync(staging, dir)
  } catch {
    // Another generator won the race: its CRS is complete too; keep it.
    rmSync(staging, { recursive: true, force: true })
  }
  rmSync(retired, { recursive: true, force: true })
}
