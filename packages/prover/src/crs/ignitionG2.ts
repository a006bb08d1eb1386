/**
 * [x]₂ of Aztec's Ignition ceremony in the G2 file's layout (x.c0 ‖ x.c1 ‖ y.c0 ‖ y.c1, 32-byte
 * big-endian each; crsFiles.ts). SHA-256 of these 128 bytes is
 * 01797bfc4de5a96f0e516a9ea4537d18786dc30cb991aca4274c95822b69c32f, the value bb 5.0.0 pins.
 * A CRS is Ignition's only if its G2 point is this one: a verifier whose G2 point is another was
 * set up by someone else, who may hold the secret and forge proofs.
 */
export const IGNITION_G2_FILE_HEX =
  '0118c4d5b837bcc2bc89b5b398b5974e9f5944073b32078b7e231fec938883b0' +
  '260e01b251f6f1c7e7ff4e580791dee8ea51d87a358e038b4efe30fac09383c1' +
  '22febda3c0c0632a56475b4214e5615e11e6dd3f96e6cea2854a87d4dacc5e55' +
  '04fc6369f7110fe3d25156c1bb9a72859cf2a04641f99ba4ee413c80da6a5fe4'

/** Whether a G2 file's bytes are Ignition's [x]₂. */
export function isIgnitionG2(g2: Uint8Array): boolean {
  return Buffer.from(g2).toString('hex') === IGNITION_G2_FILE_HEX
}
