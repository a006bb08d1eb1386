import { readFileSync } from 'node:fs'
import { parseJsonBigint } from '@verity/core'
import { UsageError } from './UsageError.ts'

/** Reads a JSON file given on the command line (integers beyond 2^53 are kept exact). */
export function readJsonFile(path: string, title: string): unknown {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new UsageError(`cannot read ${title} file ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`)
  }
  try {
    return parseJsonBigint(text)
  } catch (error) {
    throw new UsageError(`${title} file ${path} is not valid JSON: ${(error as Error).message}`)
  }
}

/** Reads a text file given on the command line. */
export function readTextFile(path: string, title: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch (error) {
    throw new UsageError(`cannot read ${title} file ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`)
  }
}
