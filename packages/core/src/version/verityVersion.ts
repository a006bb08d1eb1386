// The release this build is. One definition: every package.json carries it too (checked by
// verityVersion.test.ts), and the CLI, each service's start line and /readyz print it.

/** This build's release (semver; docs/releasing.md says how a release is cut). */
export const VERITY_VERSION = '0.2.0'

/** A release as the data stamps and `--version` write it: MAJOR.MINOR.PATCH, optionally -PRERELEASE. */
const VERSION_PATTERN = /^(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})(?:-([0-9A-Za-z.-]{1,64}))?$/

/** True when `text` is a version this build can compare (MAJOR.MINOR.PATCH[-PRERELEASE]). */
export function isVerityVersion(text: string): boolean {
  return VERSION_PATTERN.test(text)
}

/**
 * Orders two releases by semver precedence: negative when `a` is older than `b`, 0 when equal,
 * positive when newer. A pre-release sorts before its release (0.2.0-rc.1 < 0.2.0); pre-release
 * labels compare as text. Throws RangeError for a text that is not a version.
 * @example compareVersions('0.1.0', '0.2.0') // < 0
 */
export function compareVersions(a: string, b: string): number {
  const left = parseVersion(a, 'a')
  const right = parseVersion(b, 'b')
  for (let index = 0; index < 3; index++) {
    const difference = left.numbers[index]! - right.numbers[index]!
    if (difference !== 0) return Math.sign(difference)
  }
  if (left.preRelease === right.preRelease) return 0
  if (left.preRelease === undefined) return 1
  if (right.preRelease === undefined) return -1
  return left.preRelease < right.preRelease ? -1 : 1
}

function parseVersion(text: string, title: string): { numbers: number[]; preRelease: string | undefined } {
  const match = VERSION_PATTERN.exec(text)
  if (match === null) throw new RangeError(`"${title}" expected a version MAJOR.MINOR.PATCH, got ${JSON.stringify(text)}`)
  return { numbers: [Number(match[1]), Number(match[2]), Number(match[3])], preRelease: match[4] }
}
