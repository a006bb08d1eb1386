import { ApiError, OrchestratorClient, loadSigner, type FailureWordsContext, type ProposalCheck, type ProposeOptions } from '@verity/sdk'
import { clientToken } from '../clientToken.ts'
import type { Command, Output } from '../Command.ts'
import { ORCHESTRATOR_OPTION, orchestratorUrl } from '../endpoints.ts'
import { formatCheck } from '../formatCheck.ts'
import { parseMetadata } from '../parseMetadata.ts'
import { ProposalWouldFailError } from '../ProposalWouldFailError.ts'
import { UsageError } from '../UsageError.ts'
import { failureWordsContextOf } from '../failureLines.ts'

export const checkCommand: Command = {
  path: ['check'],
  summary: "dry-run a proposal: extract the evidence and evaluate the intent's constraints, without proving or using the intent's one proposal",
  usage: 'verity check ID --solution S [--metadata JSON] [--key AGENT_KEY] [--orchestrator URL]',
  optionHelp: {
    solution: 'the candidate solution (variant id, catalog:ID, …)',
    metadata: 'JSON passed to the extractor (default null), e.g. \'{"business": URL}\'',
    key: "the agent's key file, for an intent that names its agents (a sealed intent answers only them)",
  },
  options: { ...ORCHESTRATOR_OPTION, solution: { type: 'string', short: 's' }, metadata: { type: 'string' }, key: { type: 'string', short: 'k' } },
  positionals: [1, 1],
  async run({ positionals, values, out }) {
    const intentId = positionals[0]!
    if (typeof values.solution !== 'string') throw new UsageError('--solution S is required')
    const proposal = { solution: values.solution, metadata: parseMetadata(values.metadata) }
    const agent = typeof values.key === 'string' ? { agent: loadSigner(values.key) } : {}
    const client = new OrchestratorClient(orchestratorUrl(values), { token: clientToken() })
    const check = await client.checkProposal(intentId, proposal, agent)
    out.result(formatCheck(intentId, check, await wordsContextOf(client, intentId, check)), { intent_id: intentId, ...check })
    return check.ok ? 0 : 1
  },
}

/**
 * `verity propose`'s preflight: the dry run, and a ProposalWouldFailError naming every failure when
 * it shows the proposal would fail. A sealed intent that names no agents answers no dry run
 * (SEALED_CHECK_UNAUTHORIZED): the proposal then goes unchecked, with a note on stderr.
 */
export async function preflightProposal(client: OrchestratorClient, intentId: string, proposal: { solution: string; metadata: unknown }, agent: ProposeOptions, out: Output): Promise<void> {
  let check: ProposalCheck
  try {
    check = await client.checkProposal(intentId, proposal, agent)
  } catch (error) {
    if (!(error instanceof ApiError && error.serverCode === 'SEALED_CHECK_UNAUTHORIZED')) throw error
    out.info(`note: intent ${intentId} is sealed and names no agents, so it answers no dry run; proposing unchecked`)
    return
  }
  if (!check.ok) throw new ProposalWouldFailError({ intentId, explanation: formatCheck(intentId, check, await wordsContextOf(client, intentId, check)) })
}

/** What reading a dry run's failed constraints in words takes (failureWordsContextOf); undefined when none failed. */
function wordsContextOf(client: OrchestratorClient, intentId: string, check: ProposalCheck): Promise<FailureWordsContext | undefined> {
  if (check.ok || (check.constraint_failures?.length ?? 0) === 0) return Promise.resolve(undefined)
  return failureWordsContextOf(client, intentId)
}
