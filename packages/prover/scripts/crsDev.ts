// `npm run crs:dev -w packages/prover [-- --points N] [--dir DIR]`: generates an INSECURE dev CRS
// (default: build/crs-dev, DEV_CRS_POINTS_DEFAULT points). Use the directory as VERITY_CRS_PATH.
import { parseArgs } from 'node:util'
import { generateDevCrs } from '../src/crs/generateDevCrs.ts'
import { DEV_CRS_DIR } from '../src/paths.ts'
import { DEV_CRS_POINTS_DEFAULT } from '../src/limits.ts'

const { values } = parseArgs({ options: { points: { type: 'string' }, dir: { type: 'string' } } })
const points = values.points === undefined ? DEV_CRS_POINTS_DEFAULT : Number(values.points)
const started = performance.now()
await generateDevCrs({ dir: values.dir ?? DEV_CRS_DIR, points, log: (line) => console.log(`[crs:dev] WARNING: ${line}`) })
console.log(`[crs:dev] done in ${Math.round(performance.now() - started)} ms`)
