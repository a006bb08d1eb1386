import { readFileSync, statSync } from 'node:fs'
import { MappingFormatError } from '../errors/extractorErrors.ts'
import { MAPPING_BYTES_MAX, MAPPING_FIELDS_MAX, MAPPING_SOURCES_PER_FIELD_MAX } from '../limits.ts'
import { isSourceExpression, type EvidenceMapping } from './EvidenceMapping.ts'
import { refuseOwnedFieldRules } from './refuseOwnedFieldRules.ts'

/**
 * Validates mapping rules given as JSON data: an object mapping each evidence field name to a
 * non-empty array of source expressions, e.g. `{"color": ["option:Color", "attribute:color"]}`.
 * Throws MappingFormatError for a malformed rule, MappingFieldOwnedError for a rule of an
 * extractor-owned field (`business`, `payee`, `checkout_digest`, ...: EXTRACTOR_OWNED_FIELDS).
 */
export function parseMapping(json: unknown, path: string): EvidenceMapping {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new MappingFormatError({ path, reason: 'expected an object mapping field names to arrays of sources' })
  const entries = Object.entries(json)
  if (entries.length > MAPPING_FIELDS_MAX)
    throw new MappingFormatError({ path, reason: `${entries.length} fields, at most ${MAPPING_FIELDS_MAX}` })
  refuseOwnedFieldRules(Object.keys(json), path)
  const mapping = new Map<string, readonly string[]>()
  for (const [field, sources] of entries) {
    if (!Array.isArray(sources) || sources.length === 0 || sources.length > MAPPING_SOURCES_PER_FIELD_MAX)
      throw new MappingFormatError({ path, reason: `"${field}": expected 1 to ${MAPPING_SOURCES_PER_FIELD_MAX} sources` })
    for (const source of sources)
      if (typeof source !== 'string' || !isSourceExpression(source))
        throw new MappingFormatError({
          path,
          reason: `"${field}": unknown source ${JSON.stringify(source)} (see docs/extractor.md for the source expressions)`,
        })
    mapping.set(field, sources as string[])
  }
  return mapping
}

/** Reads and validates a mapping file (JSON, at most MAPPING_BYTES_MAX bytes). */
export function loadMapping(path: string): EvidenceMapping {
  let text: string
  try {
    const size = statSync(path).size
    if (size > MAPPING_BYTES_MAX) throw new MappingFormatError({ path, reason: `${size} bytes, at most ${MAPPING_BYTES_MAX}` })
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if (error instanceof MappingFormatError) throw error
    throw new MappingFormatError({ path, reason: `cannot read: ${(error as Error).message}` }, { cause: error })
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new MappingFormatError({ path, reason: `not JSON: ${(error as Error).message}` }, { cause: error })
  }
  return parseMapping(json, path)
}
