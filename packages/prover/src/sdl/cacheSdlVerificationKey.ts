import { join } from 'node:path'
import { CircuitBackend } from '../backend/CircuitBackend.ts'
import { loadCircuit } from '../circuits/loadCircuit.ts'
import { readCrs } from '../crs/readCrs.ts'
import { BUILD_DIR } from '../paths.ts'
import { SDL_CIRCUIT } from './proveSdl.ts'

/**
 * Computes the SDL circuit's verification key for the CRS at `crsPath` into build/vk, where every
 * prover worker looks first (CircuitBackend): at 2^17 it takes seconds, which the first
 * verification of a base layer or domain would otherwise pay (the build calls this). Returns ms.
 */
export async function cacheSdlVerificationKey(crsPath: string): Promise<number> {
  const started = performance.now()
  const backend = await CircuitBackend.create({ crs: readCrs(crsPath), threads: 1, vkDir: join(BUILD_DIR, 'vk') })
  try {
    await backend.verificationKey(await loadCircuit(SDL_CIRCUIT))
  } finally {
    await backend.destroy()
  }
  return performance.now() - started
}
