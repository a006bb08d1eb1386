/**
 * A pattern that finds `value` only as a token of its own, never inside a longer run of letters,
 * digits or base64/base64url/hex characters. Tests check that a secret (a sealed intent's maximum
 * price, say 2345) is absent from a text full of random hex and base64 (signatures, commitments,
 * salts, proofs); a plain /2345/ would fail by chance whenever those four digits turn up inside one.
 */
export function standaloneToken(value: string | number): RegExp {
  const escaped = String(value).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(?<![0-9A-Za-z+/_-])${escaped}(?![0-9A-Za-z+/_-])`)
}
