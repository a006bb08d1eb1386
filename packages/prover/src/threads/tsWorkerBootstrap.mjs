// Entry of every TypeScript worker thread (see startTsWorker.ts): registers tsx's loader, then
// imports the worker's TypeScript module. A file, not `eval`: eval'd workers define a global
// `__dirname` of '.', which misleads bb.js when it looks for its wasm and worker files.
import { workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register()
await import(workerData.tsWorkerEntry)
