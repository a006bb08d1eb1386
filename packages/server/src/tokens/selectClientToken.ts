import type { ParsedTokenEntry } from './parseTokenEntries.ts'

/** The token a client on this machine sends from a tokens file: the first admin token held in clear, else the first operator one. */
export function selectClientToken(entries: readonly ParsedTokenEntry[]): string | undefined {
  const held = entries.filter((entry) => entry.token !== undefined)
  return (held.find((entry) => entry.scope === 'admin') ?? held[0])?.token
}
