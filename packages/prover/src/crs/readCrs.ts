import { createHash } from 'node:crypto'
import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { CRS_INFO_FILE, G1_FILE, G1_POINT_BYTES, G2_FILE, G2_POINT_BYTES, type DevCrsInfo } from './crsFiles.ts'
import { CrsError } from '../errors/proverErrors.ts'
import { isIgnitionG2 } from './ignitionG2.ts'

/** What a prover knows about its CRS directory. */
export type CrsDescription = {
  path: string
  /**
   * 'ignition' only when the G2 point is Ignition's [x]₂ (or bb.js is to download Ignition's files);
   * 'dev' for our dev metadata and for any other G2 point: a CRS of unknown origin is as forgeable
   * as a dev one, whatever its files say, so production verifiers refuse its proofs.
   */
  kind: 'dev' | 'ignition'
  /** G1 points present (0 when bb.js is to download them, production only). */
  points: number
  /** SHA-256 (hex, 16 chars) of the G2 point and the first two G1 points: names the CRS in caches. */
  fingerprint: string
}

/** Reads the CRS directory's description; throws CrsError when files are malformed. */
export function readCrs(path: string): CrsDescription {
  const infoPath = join(path, CRS_INFO_FILE)
  const info = existsSync(infoPath) ? (JSON.parse(readFileSync(infoPath, 'utf8')) as Partial<DevCrsInfo>) : undefined
  const isDev = info?.crs === 'dev'
  const g1Path = join(path, G1_FILE)
  const g2Path = join(path, G2_FILE)
  if (!existsSync(g1Path) || !existsSync(g2Path)) {
    if (isDev) throw new CrsError({ path, reason: `dev CRS is incomplete (missing ${G1_FILE} or ${G2_FILE})` })
    return { path, kind: 'ignition', points: 0, fingerprint: 'ignition-download' }
  }
  const g1Bytes = statSync(g1Path).size
  if (g1Bytes % G1_POINT_BYTES !== 0) throw new CrsError({ path, reason: `${G1_FILE} is not a whole number of 64-byte points` })
  const g2 = readFileSync(g2Path)
  if (g2.length !== G2_POINT_BYTES) throw new CrsError({ path, reason: `${G2_FILE} must be ${G2_POINT_BYTES} bytes, got ${g2.length}` })
  const head = Buffer.alloc(Math.min(g1Bytes, 2 * G1_POINT_BYTES))
  const fd = openSync(g1Path, 'r')
  try {
    readSync(fd, head, 0, head.length, 0)
  } finally {
    closeSync(fd)
  }
  const fingerprint = createHash('sha256').update(g2).update(head).digest('hex').slice(0, 16)
  const kind = !isDev && isIgnitionG2(g2) ? 'ignition' : 'dev'
  return { path, kind, points: g1Bytes / G1_POINT_BYTES, fingerprint }
}
