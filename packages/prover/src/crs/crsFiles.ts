/**
 * File layout of a CRS directory as Barretenberg 5.0.0 reads it (crs/ignition/README.md):
 * `bn254_g1_compressed.dat`, 32 bytes a G1 point (x big-endian, top bit set when y is odd), or
 * `bn254_g1.dat`, 64 bytes a point (x then y, 32-byte big-endian), starting with the generator;
 * and `bn254_g2.dat`, the 128-byte G2 point [x]₂ as x.c0 ‖ x.c1 ‖ y.c0 ‖ y.c1.
 */
export const G1_FILE = 'bn254_g1.dat'
export const G1_COMPRESSED_FILE = 'bn254_g1_compressed.dat'
export const G2_FILE = 'bn254_g2.dat'
export const G1_POINT_BYTES = 64
export const G1_COMPRESSED_POINT_BYTES = 32
export const G2_POINT_BYTES = 128
