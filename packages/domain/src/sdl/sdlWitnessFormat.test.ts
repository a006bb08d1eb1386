// The prover refuses a stored witness of another input layout of the SDL circuit by name (the SDL's
// hash and the layout) before noir_js sees it, for the whole-SDL prover and for proving workers.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { SDL_WITNESS_FORMAT, type CircuitProver } from '@verity/prover'
import { SdlWitnessFormatUnsupportedError } from '../errors/domainErrors.ts'
import { createSdlProver } from './createSdlProver.ts'
import { provableSdlWitness, witnessFormatOf } from './sdlWitnessFormat.ts'

/** A circuit prover that fails the test if a proof is tried. */
const circuits = new Proxy({} as CircuitProver, {
  get: (_target, name) => (name === 'then' ? undefined : () => assert.fail(`the circuit prover was called (${String(name)})`)),
})

function refusal(hash: string, format: string | null) {
  return (error: unknown) => {
    assert.ok(error instanceof SdlWitnessFormatUnsupportedError, String(error))
    assert.equal(error.code, 'SDL_WITNESS_FORMAT_UNSUPPORTED')
    assert.deepEqual(error.fields, { hash, format, supported: SDL_WITNESS_FORMAT })
    assert.ok(error.message.includes(`SDL ${hash}`))
    assert.ok(error.message.includes(`"${SDL_WITNESS_FORMAT}"`))
    if (format !== null) assert.ok(error.message.includes(`"${format}"`))
    return true
  }
}

test('a witness naming no format, or another one, is refused with the SDL hash and the format; the prover is never called', async () => {
  const prover = createSdlProver({ circuits, guardrails: [], guardrailProver: null })
  const job = (witness: unknown) => ({ hash: 'sdl-1', content: { transactions: [] }, witness, guardrailInput: null })
  const older = { batches: [{ batchIndex: 0, inputs: {} }] }
  await assert.rejects(prover.prove(job(older)), refusal('sdl-1', null))
  await assert.rejects(prover.proveBatch(job(older), 0), refusal('sdl-1', null))
  await assert.rejects(prover.proveBatch(job({ ...older, format: 'sdl-batch/0' }), 0), refusal('sdl-1', 'sdl-batch/0'))
})

test('the format a stored witness names', () => {
  assert.equal(witnessFormatOf({ format: SDL_WITNESS_FORMAT, batches: [] }), SDL_WITNESS_FORMAT)
  assert.equal(witnessFormatOf({ batches: [] }), null)
  assert.equal(witnessFormatOf(null), null)
  assert.equal(witnessFormatOf('x'), null)
  const current = { format: SDL_WITNESS_FORMAT, batches: [] }
  assert.equal(provableSdlWitness('h', current), current)
})
