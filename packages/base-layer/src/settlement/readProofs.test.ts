import { test } from 'node:test'
import assert from 'node:assert/strict'
import { InvalidParamsError } from '../errors/requestErrors.ts'
import { SDL_BATCH_PROOFS_MAX, SDL_GUARDRAIL_PROOFS_MAX, SDL_PROOFS_MAX } from '../limits.ts'
import { readProofs } from './readProofs.ts'

const artifact = { system: 'ultrahonk-zk/bb5', circuit: 'sdl', circuit_hash: 'ab', crs: 'ignition', public_inputs: ['0x01'], proof: 'AA' }

test('an SDL may carry SDL_BATCH_PROOFS_MAX batch proofs plus SDL_GUARDRAIL_PROOFS_MAX guardrail proofs (once 17 in all); one more is refused, naming the bound', () => {
  assert.equal(SDL_PROOFS_MAX, SDL_BATCH_PROOFS_MAX + SDL_GUARDRAIL_PROOFS_MAX)
  assert.ok(SDL_PROOFS_MAX > 17)
  assert.equal(readProofs(Array(SDL_PROOFS_MAX).fill(artifact)).length, SDL_PROOFS_MAX)
  assert.throws(
    () => readProofs(Array(SDL_PROOFS_MAX + 1).fill(artifact)),
    (error: unknown) => error instanceof InvalidParamsError && error.message.includes(`at most ${SDL_PROOFS_MAX} artifacts, got ${SDL_PROOFS_MAX + 1}`),
  )
  assert.throws(() => readProofs([]), InvalidParamsError)
})

test('an artifact of the old proof system (bb.js 0.82.2 "ultrahonk") is refused with an error naming the system and what to do', () => {
  assert.throws(
    () => readProofs([{ ...artifact, system: 'ultrahonk', crs: 'dev' }]),
    (error: unknown) => error instanceof InvalidParamsError && /proof system "ultrahonk" \(UltraHonk of @aztec\/bb\.js 0\.82\.2.*no longer accepted.*prove the SDL again/.test(error.message),
  )
})
