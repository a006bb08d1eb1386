import { Worker, type WorkerOptions } from 'node:worker_threads'

// Node 20 resolves a worker's entry before `--import tsx` in execArgv takes effect, so a .ts
// entry fails with ERR_UNKNOWN_FILE_EXTENSION. The worker therefore starts from a small .mjs
// bootstrap that registers tsx's loader first and then imports the TypeScript entry.
const BOOTSTRAP_URL = new URL('./tsWorkerBootstrap.mjs', import.meta.url)
/** True when this module runs as built JavaScript (dist/): the worker's entry is then its emitted .js sibling. */
const RUNNING_BUILT = import.meta.url.endsWith('.js')

/** Starts a worker thread running the TypeScript module at `entry` (or its built .js); its workerData is `data`. */
export function startTsWorker(entry: URL, data: Record<string, unknown>, options: Omit<WorkerOptions, 'eval' | 'workerData'> = {}): Worker {
  if (RUNNING_BUILT) return new Worker(new URL(entry.href.replace(/\.ts$/, '.js')), { ...options, workerData: data })
  return new Worker(BOOTSTRAP_URL, { ...options, workerData: { ...data, tsWorkerEntry: entry.href } })
}
