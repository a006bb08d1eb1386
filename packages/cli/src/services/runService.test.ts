// runService: a service command's life, stopped by Ctrl-C / SIGTERM at any stage of its start.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { runService } from './runService.ts'

type Fake = { closed: number; close(): Promise<void> }
const fake = (): Fake => ({
  closed: 0,
  async close() {
    this.closed++
  },
})
const tick = (ms = 5) => new Promise((resolve) => setTimeout(resolve, ms))

describe('runService', () => {
  test('a started service is reported once, then closed when the signal aborts', async () => {
    const controller = new AbortController()
    const service = fake()
    const reported: Fake[] = []
    const running = runService({ signal: controller.signal, start: async () => service, onStarted: (s) => reported.push(s) })
    await tick()
    assert.deepEqual(reported, [service])
    assert.equal(service.closed, 0)
    controller.abort()
    assert.equal(await running, 0)
    assert.equal(service.closed, 1)
  })

  test('a signal during the start ends it: the service is closed when the start resolves, and never reported', async () => {
    const controller = new AbortController()
    const service = fake()
    let finish: (value: Fake) => void = () => undefined
    let given: AbortSignal | undefined
    const reported: Fake[] = []
    const running = runService({
      signal: controller.signal,
      start: (signal) => {
        given = signal
        return new Promise<Fake>((resolve) => (finish = resolve))
      },
      onStarted: (s) => reported.push(s),
    })
    assert.equal(given, controller.signal, 'the start is given the signal, to stop at its next stage')
    controller.abort()
    await tick()
    finish(service)
    assert.equal(await running, 0)
    assert.equal(service.closed, 1)
    assert.deepEqual(reported, [])
  })

  test('a start that does not unwind is given up on after unwindMsMax', async () => {
    const controller = new AbortController()
    const running = runService({ signal: controller.signal, start: () => new Promise<Fake>(() => undefined), onStarted: () => assert.fail('not started'), unwindMsMax: 30 })
    controller.abort()
    const startedMs = Date.now()
    assert.equal(await running, 0)
    assert.ok(Date.now() - startedMs < 1_000)
  })

  test('a start that rejects because of the signal is a stop, not a failure', async () => {
    const controller = new AbortController()
    const running = runService({
      signal: controller.signal,
      start: (signal) => new Promise<Fake>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true })),
      onStarted: () => assert.fail('not started'),
    })
    controller.abort()
    assert.equal(await running, 0)
  })

  test('a start that fails rejects with its error (the CLI prints it, exit 1), and nothing is reported', async () => {
    const refused = Object.assign(new Error('CRS at /tmp/crs: not Ignition'), { code: 'CRS_INVALID' })
    await assert.rejects(runService({ signal: new AbortController().signal, start: async () => Promise.reject(refused), onStarted: () => assert.fail('not started') }), refused)
  })

  test('the start is said to be under way unless it fails at once (a bad option: its one line only)', async () => {
    const notes: string[] = []
    const controller = new AbortController()
    const running = runService({ signal: controller.signal, start: () => tick(20).then(fake), onStarted: () => notes.push('started'), onStarting: () => notes.push('starting') })
    await tick(40)
    controller.abort()
    await running
    await assert.rejects(runService({ signal: new AbortController().signal, start: async () => Promise.reject(new Error('bad option')), onStarted: () => notes.push('started'), onStarting: () => notes.push('starting (refused)') }))
    assert.deepEqual(notes, ['starting', 'started'])
  })

  test('a signal before the start: nothing starts', async () => {
    const controller = new AbortController()
    controller.abort()
    assert.equal(await runService({ signal: controller.signal, start: () => assert.fail('not started'), onStarted: () => assert.fail('not started') }), 0)
  })
})
