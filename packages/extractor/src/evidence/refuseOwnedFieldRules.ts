import { MappingFieldOwnedError } from '../errors/extractorErrors.ts'
import { extractorOwnedFieldOf } from './extractorOwnedFields.ts'

/**
 * Throws MappingFieldOwnedError when `mapping` gives a rule for an extractor-owned field
 * (EXTRACTOR_OWNED_FIELDS, names compared loosely): such a rule would be ignored anyway
 * (sourcesForField), and refusing it at start tells the operator so instead of surprising them.
 * `path` names the mapping in the message (a file, or `dependencies.mapping` for rules passed in code).
 */
export function refuseOwnedFieldRules(fields: Iterable<string>, path: string): void {
  for (const field of fields) {
    const ownedField = extractorOwnedFieldOf(field)
    if (ownedField !== undefined) throw new MappingFieldOwnedError({ path, field, ownedField })
  }
}

