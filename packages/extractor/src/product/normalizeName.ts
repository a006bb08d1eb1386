/** Compares option and attribute names loosely: case, `_`, `-` and spaces do not matter ("Shoe Size" ≡ "shoe_size"). */
export function normalizeName(name: string): string {
  return name.trim().toLowerCase().replace(/[\s_-]+/g, '_')
}

/** The value under `name` in `record`: the exact key first, else the one key equal under normalizeName. */
export function lookupByName<T>(record: Readonly<Record<string, T>>, name: string): T | undefined {
  if (Object.hasOwn(record, name)) return record[name]
  const wanted = normalizeName(name)
  const keys = Object.keys(record).filter((key) => normalizeName(key) === wanted)
  // Two keys equal under the loose rule make the name ambiguous: establish nothing rather than pick one.
  return keys.length === 1 ? record[keys[0] as string] : undefined
}
