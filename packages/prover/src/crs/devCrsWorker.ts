// Worker thread of generateDevCrs: computes [τ^i]₁ for i in [start, end) and posts the affine
// points back as 64-byte big-endian x‖y records.
import { parentPort, workerData } from 'node:worker_threads'
import { computeG1Powers } from './computeG1Powers.ts'

const { tau, start, end } = workerData as { tau: bigint; start: number; end: number }
const bytes = computeG1Powers(tau, start, end)
parentPort!.postMessage(bytes, [bytes.buffer as ArrayBuffer])
