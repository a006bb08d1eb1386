import { UsageError } from './UsageError.ts'

/** `--metadata JSON` of `propose` and `check`: the JSON passed to the extractor (default null). */
export function parseMetadata(value: unknown): unknown {
  if (typeof value !== 'string') return null
  try {
    return JSON.parse(value)
  } catch {
    throw new UsageError('--metadata must be JSON, e.g. \'{"variant_id":"tee-white-m"}\'')
  }
}
