import type { Command } from '../Command.ts'

export const upCommand: Command = {
  path: ['up'],
  summary: 'start the base layer, extractor, orchestrator and a domain (shard 1) in one data directory',
  usage: 'verity up [--data-dir DIR]',
  options: { 'data-dir': { type: 'string' } },
  async run({ out }) {
    out.info('nothing to start yet')
    return 0
  },
}
