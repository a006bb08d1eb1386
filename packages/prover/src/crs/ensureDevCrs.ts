import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { CRS_INFO_FILE } from './crsFiles.ts'
import { generateDevCrs } from './generateDevCrs.ts'
import { readCrs, type CrsDescription } from './readCrs.ts'
import { DEV_CRS_POINTS_DEFAULT } from '../limits.ts'

/**
 * Returns the dev CRS at `dir`, generating it (INSECURE, logged as such) when it is missing or
 * has fewer than `pointsMin` points.
 */
export async function ensureDevCrs(options: {
  dir: string
  pointsMin?: number
  log?: (line: string) => void
}): Promise<CrsDescription> {
  const pointsMin = options.pointsMin ?? DEV_CRS_POINTS_DEFAULT
  if (existsSync(join(options.dir, CRS_INFO_FILE))) {
    const crs = readCrs(options.dir)
    if (crs.kind === 'dev' && crs.points >= pointsMin) return crs
  }
  await generateDevCrs({ dir: options.dir, points: Math.max(pointsMin, DEV_CRS_POINTS_DEFAULT), ...(options.log ? { log: options.log } : {}) })
  return readCrs(options.dir)
}
