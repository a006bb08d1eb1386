import { createHash } from 'node:crypto'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CrsError } from '../errors/proverErrors.ts'
import { BUILD_DIR, IGNITION_CRS_DIR } from '../paths.ts'
import { decompressG1 } from './decompressG1.ts'
import { G1_COMPRESSED_FILE, G1_COMPRESSED_POINT_BYTES, G1_FILE, G1_POINT_BYTES, G2_FILE, G2_POINT_BYTES } from './crsFiles.ts'

/**
 * Aztec's Ignition CRS, as the prover uses it: the first IGNITION_PREFIX_POINTS G1 powers and [x]₂,
 * committed in crs/ignition/ (README.md there: provenance; verify.mjs: the checks anyone can run).
 * Loading checks the bytes against the SHA-256 constants below: a changed file is refused, never used.
 * Nothing is ever downloaded.
 */
export const IGNITION_PREFIX_POINTS = 2 ** 15 + 1
/** SHA-256 of crs/ignition/bn254_g1_compressed.dat (32 bytes a point, 32,769 points). */
export const IGNITION_G1_COMPRESSED_SHA256 = '4e89f9e982b1d9da72f53244fab00c632f57747346084fb582e4e84b133b0de9'
/** SHA-256 of the same 32,769 points uncompressed (64 bytes a point), what bb decompresses them to. */
export const IGNITION_G1_SHA256 = 'd769ac6c98f8fab858a7e9967f2b7f181d8ad9fdcdf55438c915696febf0e99c'
/** SHA-256 of bn254_g2.dat, [x]₂: the value Barretenberg 5.0.0 pins (its verifier refuses any other). */
export const IGNITION_G2_SHA256 = '01797bfc4de5a96f0e516a9ea4537d18786dc30cb991aca4274c95822b69c32f'
/** Largest circuit (rows, a power of two) the prefix can prove: bb needs size + 1 points. */
export const IGNITION_CIRCUIT_SIZE_MAX = IGNITION_PREFIX_POINTS - 1

/** A checked Ignition CRS: where it is, its points, and a short name for caches. */
export type CrsDescription = {
  /** The directory read (the committed crs/ignition/ unless configured). */
  path: string
  kind: 'ignition'
  /** G1 points checked (the prefix). */
  points: number
  /** First 16 hex digits of the G1 prefix's SHA-256: names the CRS in caches (build/vk). */
  fingerprint: string
}

/** The checked bytes bb is given: G1 points (compressed or not) and [x]₂. */
export type IgnitionCrsBytes = { g1: Uint8Array; compressed: boolean; g2: Uint8Array; points: number }

/** What an operator whose CRS directory was refused can do (every CrsError of a check carries it). */
const CRS_REFUSED_HINT = 'refused: point --crs-path (or VERITY_<SERVICE>_CRS_PATH) at an intact copy of packages/prover/crs/ignition (`verity crs check --dir DIR` checks one), or unset it to use the committed prefix'

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/**
 * Describes (and checks) the Ignition CRS at `dir` (default: the committed prefix). A directory
 * given by an operator must hold the same prefix: bn254_g1_compressed.dat or bn254_g1.dat whose first
 * 32,769 points hash to the constants above, and bn254_g2.dat equal to the pinned [x]₂.
 * Throws CrsError naming the file and the check that failed.
 */
export function readCrs(dir: string = IGNITION_CRS_DIR): CrsDescription {
  readIgnitionBytes(dir)
  return { path: dir, kind: 'ignition', points: IGNITION_PREFIX_POINTS, fingerprint: IGNITION_G1_SHA256.slice(0, 16) }
}

/** The checked prefix bytes at `dir` (see readCrs). */
export function readIgnitionBytes(dir: string = IGNITION_CRS_DIR): IgnitionCrsBytes {
  const g2Path = join(dir, G2_FILE)
  if (!existsSync(g2Path)) throw new CrsError({ path: dir, hint: CRS_REFUSED_HINT, reason: `no ${G2_FILE} (the Ignition CRS is committed in packages/prover/crs/ignition)` })
  const g2 = readFileSync(g2Path)
  if (g2.length !== G2_POINT_BYTES || sha256(g2) !== IGNITION_G2_SHA256)
    throw new CrsError({ path: dir, hint: CRS_REFUSED_HINT, reason: `${G2_FILE} is not Ignition's [x]_2 (SHA-256 must be ${IGNITION_G2_SHA256})` })
  const uncompressed = join(dir, G1_FILE)
  const compressed = join(dir, G1_COMPRESSED_FILE)
  const source = existsSync(compressed)
    ? { path: compressed, name: G1_COMPRESSED_FILE, pointBytes: G1_COMPRESSED_POINT_BYTES, sha: IGNITION_G1_COMPRESSED_SHA256, compressed: true }
    : existsSync(uncompressed)
      ? { path: uncompressed, name: G1_FILE, pointBytes: G1_POINT_BYTES, sha: IGNITION_G1_SHA256, compressed: false }
      : undefined
  if (!source) throw new CrsError({ path: dir, hint: CRS_REFUSED_HINT, reason: `no ${G1_COMPRESSED_FILE} or ${G1_FILE}` })
  const length = IGNITION_PREFIX_POINTS * source.pointBytes
  if (statSync(source.path).size < length) throw new CrsError({ path: dir, hint: CRS_REFUSED_HINT, reason: `${source.name} holds fewer than the ${IGNITION_PREFIX_POINTS} points of the prefix` })
  const g1 = readPrefix(source.path, length)
  if (sha256(g1) !== source.sha) throw new CrsError({ path: dir, hint: CRS_REFUSED_HINT, reason: `the first ${IGNITION_PREFIX_POINTS} points of ${source.name} are not Ignition's (SHA-256 must be ${source.sha})` })
  return { g1, compressed: source.compressed, g2: new Uint8Array(g2), points: IGNITION_PREFIX_POINTS }
}

/**
 * The checked prefix in the form Barretenberg loads fastest (uncompressed, 64 bytes a point) and a
 * writable directory holding it with [x]₂, for a native `bb`, which reads its CRS from a directory
 * and writes into it when it decompresses (the committed files stay untouched). The uncompressed
 * points are made once (decompressG1, several seconds; the build does it) and cached in
 * build/crs-ignition, or under the OS temp directory when the package is read-only; a cached file
 * is used only when it hashes to IGNITION_G1_SHA256.
 */
export function ignitionForBarretenberg(dir: string = IGNITION_CRS_DIR): { workDir: string; g1: Uint8Array; g2: Uint8Array; points: number } {
  const bytes = readIgnitionBytes(dir)
  const candidates = [join(BUILD_DIR, 'crs-ignition'), join(tmpdir(), `verity-ignition-${IGNITION_G1_SHA256.slice(0, 16)}-${process.getuid?.() ?? 0}`)]
  let g1 = bytes.compressed ? undefined : bytes.g1
  if (!g1) {
    for (const candidate of candidates) {
      const path = join(candidate, G1_FILE)
      if (!existsSync(path) || statSync(path).size !== IGNITION_PREFIX_POINTS * G1_POINT_BYTES) continue
      const cached = new Uint8Array(readFileSync(path))
      if (sha256(cached) === IGNITION_G1_SHA256) {
        g1 = cached
        break
      }
    }
  }
  g1 ??= decompressG1(bytes.g1)
  if (sha256(g1) !== IGNITION_G1_SHA256) throw new CrsError({ path: dir, reason: 'the decompressed prefix does not hash to the Ignition constant' })
  for (const candidate of candidates) {
    try {
      mkdirSync(candidate, { recursive: true })
      writeChecked(join(candidate, G2_FILE), bytes.g2, IGNITION_G2_SHA256)
      writeChecked(join(candidate, G1_FILE), g1, IGNITION_G1_SHA256)
      return { workDir: candidate, g1, g2: bytes.g2, points: bytes.points }
    } catch {
      // Read-only: try the next place.
    }
  }
  throw new CrsError({ path: candidates.join(', '), reason: 'no writable directory for the working copy of the CRS' })
}

function writeChecked(path: string, bytes: Uint8Array, sha: string): void {
  if (existsSync(path) && statSync(path).size === bytes.length && sha256(readFileSync(path)) === sha) return
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`
  writeFileSync(temporary, bytes)
  renameSync(temporary, path)
}

function readPrefix(path: string, length: number): Uint8Array {
  const out = new Uint8Array(length)
  const fd = openSync(path, 'r')
  try {
    readSync(fd, out, 0, length, 0)
  } finally {
    closeSync(fd)
  }
  return out
}
