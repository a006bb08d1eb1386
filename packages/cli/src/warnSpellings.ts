import { compileTemplate } from '@verity/policy'
import { comparedFields, OrchestratorClient, readBusinessVocabulary, spellingWarnings, UcpBusinessClient } from '@verity/sdk'
import type { CommandContext } from './Command.ts'
import { storeUrl } from './endpoints.ts'
import { SPELLING_CHECK_TIMEOUT_MS } from './limits.ts'

/**
 * Before `verity intent create` signs: warns (stderr) about each value that the business
 * (`--business`, else VERITY_STORE_URL, else the devnet's demo store) spells no way, where the
 * template compares it exactly with evidence (`size=M` where the store sells `Medium (M)`): a
 * proposal from that business would fail on it. A warning, not a refusal (another business may
 * spell it so); a business that cannot be read in SPELLING_CHECK_TIMEOUT_MS is skipped, with a note
 * only when `--business` named it.
 */
export async function warnSpellings(parameters: { client: OrchestratorClient; templateId: string; fields: Readonly<Record<string, unknown>>; values: CommandContext['values']; out: CommandContext['out'] }): Promise<void> {
  const { values, out } = parameters
  const business = storeUrl(values)
  try {
    const compiled = compileTemplate(await parameters.client.getTemplate(parameters.templateId))
    const compared = comparedFields(compiled).filter(({ intentField }) => parameters.fields[intentField] !== undefined)
    if (compared.length === 0) return
    const vocabulary = await readBusinessVocabulary(new UcpBusinessClient(business, { timeoutMs: SPELLING_CHECK_TIMEOUT_MS }), compared.map(({ evidenceField }) => evidenceField))
    for (const warning of spellingWarnings(compiled, parameters.fields, vocabulary, business))
      out.info(`warning: ${warning.message}: fix --attr ${warning.field}=… unless another business will propose`)
  } catch (error) {
    if (typeof values.business === 'string') out.info(`note: could not read how ${business} spells values (${error instanceof Error ? error.message : String(error)}); not checked`)
  }
}
