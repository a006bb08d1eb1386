// The CRS directory a command verifies against: `--crs-path DIR` (the services' name for it), else
// VERITY_CRS_PATH; `--crs DIR`, the name these commands used before, still works with a warning.
import type { Output } from './Command.ts'

/** The parseArgs declarations of both names (spread into a command's options). */
export const CRS_PATH_OPTIONS = { 'crs-path': { type: 'string' }, crs: { type: 'string' } } as const

export function crsPathOption(values: Record<string, unknown>, out: Pick<Output, 'info'>): string | undefined {
  const current = values['crs-path']
  if (typeof current === 'string') return current
  const old = values.crs
  if (typeof old === 'string') {
    out.info('warning: --crs is deprecated, use --crs-path (the name the services use)')
    return old
  }
  const fromEnvironment = process.env.VERITY_CRS_PATH
  return fromEnvironment === undefined || fromEnvironment === '' ? undefined : fromEnvironment
}
