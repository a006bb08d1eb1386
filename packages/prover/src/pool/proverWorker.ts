// A prover worker thread: one Barretenberg (native bb or wasm) (CircuitBackend) serving jobs from the pool one at a
// time, so a service's event loop never runs witness generation or proving.
import { parentPort, workerData } from 'node:worker_threads'
import { CircuitBackend } from '../backend/CircuitBackend.ts'
import { checkCircuit } from '../backend/checkCircuit.ts'
import { isVerityError } from '@verity/core'
import type { WorkerConfig, WorkerFailure, WorkerRequest, WorkerResponse } from './workerProtocol.ts'

const config = workerData as WorkerConfig
const port = parentPort!
let backend: Promise<CircuitBackend> | undefined
const getBackend = () => (backend ??= CircuitBackend.create(config))

port.on('message', (request: WorkerRequest) => {
  void handle(request).then(
    (value) => port.postMessage({ id: request.id, ok: true, value } satisfies WorkerResponse),
    (error: unknown) => port.postMessage({ id: request.id, ok: false, error: describe(error) } satisfies WorkerResponse),
  )
})

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.kind) {
    case 'prove': {
      const b = await getBackend()
      return b.prove(request.circuit, await b.execute(request.circuit, request.inputs))
    }
    case 'verify':
      return (await getBackend()).verify(request.circuit, { proof: request.proof, publicInputs: request.publicInputs })
    case 'execute':
      return checkCircuit(request.circuit, request.inputs).then(() => true)
    case 'size':
      return (await getBackend()).circuitSize(request.circuit)
    case 'vk':
      return (await getBackend()).verificationKey(request.circuit)
    case 'warm': {
      const b = await getBackend()
      await b.warm(request.circuit)
      if (request.inputs === undefined) return true
      // One proof and its verification, thrown away: the first real proof then runs at steady-state speed.
      const proof = await b.prove(request.circuit, await b.execute(request.circuit, request.inputs))
      return b.verify(request.circuit, proof)
    }
    case 'close':
      if (backend) await (await backend).destroy()
      setImmediate(() => process.exit(0))
      return true
  }
}

function describe(error: unknown): WorkerFailure {
  if (isVerityError(error)) {
    const fields = (error as unknown as { fields?: Record<string, unknown> }).fields
    return { code: error.code, message: error.message, ...(fields ? { fields } : {}) }
  }
  return { message: error instanceof Error ? (error.stack ?? error.message) : String(error) }
}
