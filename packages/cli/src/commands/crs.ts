import type { Command } from '../Command.ts'

/**
 * `verity crs check [--dir DIR]`: checks the Ignition CRS prefix the prover uses (the committed one, or
 * DIR) against the SHA-256 constants the prover pins, and says where it comes from. The full check
 * of the points themselves (every pair a power of one tau) is crs/ignition/verify.mjs (docs/proofs.md).
 */
export const crsCheckCommand: Command = {
  path: ['crs', 'check'],
  summary: "check the Ignition CRS prefix the prover uses against its pinned SHA-256 (nothing is downloaded)",
  usage: 'verity crs check [--dir DIR]',
  optionHelp: { dir: 'a CRS directory to check (default: the prefix committed in @verity/prover, crs/ignition)' },
  options: { dir: { type: 'string' } },
  async run({ values, out }) {
    const { IGNITION_CRS_DIR, IGNITION_G1_COMPRESSED_SHA256, IGNITION_G1_SHA256, IGNITION_G2_SHA256, readCrs } = await import('@verity/prover')
    const dir = typeof values.dir === 'string' ? values.dir : IGNITION_CRS_DIR
    const crs = readCrs(dir)
    out.result(
      `OK: ${dir} holds the first ${crs.points} points of Aztec's Ignition CRS and its [x]_2 (SHA-256 checked); ` +
        `provenance and the full check: ${IGNITION_CRS_DIR}/README.md, node ${IGNITION_CRS_DIR}/verify.mjs`,
      { dir, crs: crs.kind, points: crs.points, g1_compressed_sha256: IGNITION_G1_COMPRESSED_SHA256, g1_sha256: IGNITION_G1_SHA256, g2_sha256: IGNITION_G2_SHA256 },
    )
    return 0
  },
}
