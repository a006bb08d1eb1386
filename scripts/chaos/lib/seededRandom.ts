/**
 * A small deterministic PRNG (mulberry32) for the scenarios' timing choices (when to kill, which
 * instance gets a request), seeded from the run's seed so a failing run can be replayed.
 * Returns a function giving integers in [0, bound).
 */
export function seededRandom(seed: number): (bound: number) => number {
  let state = seed >>> 0
  return (bound) => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
    return Math.floor(unit * bound)
  }
}
