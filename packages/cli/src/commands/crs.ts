import type { Command } from '../Command.ts'
import { UsageError } from '../UsageError.ts'

export const crsDevCommand: Command = {
  path: ['crs', 'dev'],
  summary: 'generate an INSECURE development CRS (for dev-CRS proofs on this machine; never for production)',
  usage: 'verity crs dev [--dir DIR] [--points N]',
  optionHelp: {
    dir: 'where to write the CRS (default: packages/prover/build/crs-dev)',
    points: 'number of G1 points (circuit size + 1; default 65537)',
  },
  options: { dir: { type: 'string' }, points: { type: 'string' } },
  async run({ values, out }) {
    const { DEV_CRS_DIR, DEV_CRS_WARNING, generateDevCrs, proverLimits } = await import('@verity/prover')
    const points = values.points === undefined ? undefined : parsePoints(values.points, proverLimits.DEV_CRS_POINTS_MAX)
    const dir = typeof values.dir === 'string' ? values.dir : DEV_CRS_DIR
    out.info(`WARNING: ${DEV_CRS_WARNING}`)
    const started = Date.now()
    const info = await generateDevCrs({ dir, ...(points === undefined ? {} : { points }), log: (line) => out.info(`  ${line}`) })
    out.result(`INSECURE dev CRS with ${info.points} points written to ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`, { dir, ...info })
    return 0
  },
}

function parsePoints(value: unknown, pointsMax: number): number {
  const points = typeof value === 'string' && /^[0-9]{1,9}$/.test(value) ? Number(value) : NaN
  if (!(points >= 2 && points <= pointsMax)) throw new UsageError(`--points must be a whole number from 2 to ${pointsMax}`)
  return points
}
