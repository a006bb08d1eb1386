import type { CompiledTemplate } from '@verity/policy'
import { spellingWarnings } from '../../../../sdk/src/spellings/spellingWarnings.ts'
import type { Spellings } from './useSpellings.ts'

/**
 * Before signing: each value that the business spells no way, where the template compares it
 * exactly with evidence (`M` where the store sells `Medium (M)`), with the closest spelling. A
 * warning, not a refusal: another business may spell it so (the SDK's spellingWarnings, as the CLI
 * and the MCP server warn).
 */
export function SpellingWarnings({ compiled, fields, spellings }: { compiled: CompiledTemplate; fields: Readonly<Record<string, unknown>>; spellings: Spellings | undefined }) {
  if (spellings === undefined) return null
  const warnings = spellingWarnings(compiled, fields, spellings.vocabulary, spellings.business)
  if (warnings.length === 0) return null
  return (
    <div class="warning" role="status" data-testid="spelling-warnings">
      <p>
        <strong>Check these values:</strong> the template compares them exactly, and <code>{spellings.business}</code> spells them otherwise, so a proposal from it would fail.
      </p>
      <ul>
        {warnings.map((warning) => (
          <li key={`${warning.field}/${warning.value}`}>
            {warning.field} <code>{JSON.stringify(warning.value)}</code>
            {warning.closest === undefined ? '' : <> — did you mean <code>{JSON.stringify(warning.closest)}</code>?</>} <span class="muted">(it has {warning.spellings.slice(0, 8).map((spelling) => JSON.stringify(spelling)).join(', ')}{warning.spellings.length > 8 ? ', …' : ''})</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
