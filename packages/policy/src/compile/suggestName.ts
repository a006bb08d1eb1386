/**
 * The candidate closest to `name` by edit distance (Levenshtein, with adjacent transpositions
 * counted as one edit), if it is close enough to be a plausible typo: at most 1 edit for names up
 * to 4 characters, 2 up to 8, 3 beyond. Ties go to the first candidate.
 */
export function suggestName(name: string, candidates: Iterable<string>): string | undefined {
  const allowed = name.length <= 4 ? 1 : name.length <= 8 ? 2 : 3
  let best: string | undefined
  let bestDistance = allowed + 1
  for (const candidate of candidates) {
    if (candidate === name) continue
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase())
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return best
}

/** Optimal string alignment distance between `a` and `b`. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = []
  for (let i = 0; i <= a.length; i++) rows.push([i, ...new Array<number>(b.length).fill(0)])
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, rows[i - 2]![j - 2]! + 1)
      rows[i]![j] = value
    }
  }
  return rows[a.length]![b.length]!
}
