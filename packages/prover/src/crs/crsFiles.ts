/**
 * File layout bb.js 0.82.2 reads (src/crs/node/index.ts in its package): a directory with
 * `bn254_g1.dat` — G1 points [τ^i]₁ for i = 0, 1, …, each 64 bytes: x then y, 32-byte big-endian,
 * starting with the generator (1, 2) — and `bn254_g2.dat`, the 128-byte G2 point [τ]₂ as
 * x.c0 ‖ x.c1 ‖ y.c0 ‖ y.c1, 32-byte big-endian each. bb.js accepts the directory when the G1 file
 * holds at least the points it needs and the G2 file is exactly 128 bytes; otherwise it tries to
 * download Aztec's Ignition CRS into it. We add `verity-crs.json` to a generated dev CRS.
 */
export const G1_FILE = 'bn254_g1.dat'
export const G2_FILE = 'bn254_g2.dat'
export const CRS_INFO_FILE = 'verity-crs.json'
export const G1_POINT_BYTES = 64
export const G2_POINT_BYTES = 128

/** Metadata written next to a dev CRS. */
export type DevCrsInfo = {
  crs: 'dev'
  insecure: true
  warning: string
  points: number
  createdAt: string
}

export const DEV_CRS_WARNING =
  'INSECURE dev CRS: generated locally from a random secret that was not verifiably destroyed; ' +
  'whoever ran the generator could forge proofs. For development and tests only.'
