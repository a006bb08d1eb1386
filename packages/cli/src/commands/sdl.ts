import { clientToken } from '../clientToken.ts'
import { setTimeout as sleep } from 'node:timers/promises'
import type { SdlState } from '@verity/ledger'
import type { Command, CommandContext } from '../Command.ts'
import { DOMAIN_OPTION, domainUrl } from '../endpoints.ts'
import { readTextFile } from '../readJsonFile.ts'
import { WaitTimeoutError } from '../WaitTimeoutError.ts'
import { DomainClient } from '@verity/sdk'
import { SDL_POLL_INTERVAL_MS, SDL_WAIT_TIMEOUT_MS } from '../limits.ts'

export const sdlListCommand: Command = {
  path: ['sdl', 'list'],
  summary: 'list the domain\'s SDLs and their states',
  usage: 'verity sdl list [--domain URL]',
  options: { ...DOMAIN_OPTION },
  async run({ values, out }) {
    const sdls = await new DomainClient(domainUrl(values), { token: clientToken() }).listSdls()
    out.result(sdls.length === 0 ? 'no SDLs yet' : sdls.map(([hash, state]) => `${hash}  ${formatState(state)}`).join('\n'), sdls)
    return 0
  },
}

export const sdlSubmitCommand: Command = {
  path: ['sdl', 'submit'],
  summary: 'bundle the pending state diffs into an SDL; prints its hash (or says nothing is pending)',
  usage: 'verity sdl submit [--domain URL]',
  options: { ...DOMAIN_OPTION },
  async run({ values, out }) {
    const hash = await new DomainClient(domainUrl(values), { token: clientToken() }).submitSdl()
    out.result(hash ?? 'nothing pending', { hash })
    return 0
  },
}

/** The states of an SDL whose proof exists: `sdl prove` has what it was asked for. */
const PROVEN_STATES: readonly string[] = ['Proven', 'ProofSubmitted', 'BaseLayerApplied']

export const sdlProveCommand: Command = {
  path: ['sdl', 'prove'],
  summary: 'prove an SDL (with optional guardrail input) and wait until it is Proven',
  usage: 'verity sdl prove HASH [--input FILE] [--no-wait] [--domain URL]',
  optionHelp: {
    input: 'guardrail input file (JSON) sent with the prove request',
    'no-wait': 'return once proving started',
  },
  options: { ...DOMAIN_OPTION, input: { type: 'string' }, 'no-wait': { type: 'boolean' } },
  positionals: [1, 1],
  async run({ positionals, values, out, signal }) {
    const client = new DomainClient(domainUrl(values), { token: clientToken() })
    const hash = positionals[0]!
    const input = typeof values.input === 'string' ? new TextEncoder().encode(readTextFile(values.input, 'guardrail input')) : undefined
    await client.proveSdl(hash, input)
    if (values['no-wait'] === true) {
      out.result(`proving started for ${hash}`, { hash, state: 'Proving' })
      return 0
    }
    const state = await waitForSdl(client, hash, (s) => s !== 'Submitted' && s !== 'Proving', out, signal)
    // Exit 0 means the SDL is proven: one already settled (or on its way) is, with a note saying so.
    const proven = PROVEN_STATES.includes(state as string)
    if (proven && state !== 'Proven') out.info(`note: ${hash} was already proven; it is ${formatState(state)}`)
    out.result(`${hash}  ${formatState(state)}`, { hash, state })
    return proven ? 0 : 1
  },
}

export const sdlSettleCommand: Command = {
  path: ['sdl', 'settle'],
  summary: 'submit a proven SDL\'s proof to the base layer and wait for BaseLayerApplied',
  usage: 'verity sdl settle HASH [--domain URL]',
  options: { ...DOMAIN_OPTION },
  positionals: [1, 1],
  async run({ positionals, values, out, signal }) {
    const client = new DomainClient(domainUrl(values), { token: clientToken() })
    const hash = positionals[0]!
    await client.submitProof(hash)
    const state = await waitForSdl(client, hash, (s) => s === 'BaseLayerApplied' || s === 'BaseLayerFailed', out, signal)
    out.result(`${hash}  ${formatState(state)}`, { hash, state })
    return state === 'BaseLayerApplied' ? 0 : 1
  },
}

async function waitForSdl(
  client: DomainClient,
  hash: string,
  isDone: (state: SdlState) => boolean,
  out: CommandContext['out'],
  signal: AbortSignal,
): Promise<SdlState> {
  const started = Date.now()
  const isFinal = (state: SdlState) => typeof state === 'object' || isDone(state)
  let state = await client.getSdl(hash)
  if (isFinal(state)) return state
  const progress = out.progress(formatState(state))
  try {
    for (;;) {
      if (Date.now() - started > SDL_WAIT_TIMEOUT_MS)
        throw new WaitTimeoutError({ what: `SDL ${hash}`, reason: `still ${formatState(state)} after ${SDL_WAIT_TIMEOUT_MS / 60_000} minutes` })
      await sleep(SDL_POLL_INTERVAL_MS, undefined, { signal }).catch(() => undefined)
      if (signal.aborted) throw new WaitTimeoutError({ what: `SDL ${hash}`, reason: `interrupted while ${formatState(state)}` })
      state = await client.getSdl(hash)
      if (isFinal(state)) return state
      progress.update(formatState(state))
    }
  } finally {
    progress.stop()
  }
}

function formatState(state: SdlState): string {
  return typeof state === 'string' ? state : `ProvingFailed: ${state.ProvingFailed}`
}
