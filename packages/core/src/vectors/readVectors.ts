import { readFileSync } from 'node:fs'

/** Reads a JSON vectors file from packages/core/vectors (for tests and the benchmark). */
export function readVectors<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`../../vectors/${name}`, import.meta.url), 'utf8')) as T
}
