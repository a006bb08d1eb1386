// Child process: holds `count` SSE subscribers of one orchestrator and records, per connection,
// each event's sequence number and arrival time. A subscriber the server drops (it fell behind
// its bounded queue) reconnects with Last-Event-ID, as a real client would. With `intentIds`,
// subscriber i follows only intent intentIds[i mod n] (GET /events?intent_id=…), as an agent does.
// Messages: in {connect, url, count, intentIds?} → out {connected}; in {collect, events, timeoutMs}
// (events: what each subscriber expects) → out {samples}.
import { Agent } from 'node:http'
import { nextFromParent, runChild, tellParent } from '../lib/childSide.ts'
import { openEventStream, type EventStream } from '../lib/openEventStream.ts'
import { sleep } from '../lib/stats.ts'

type Subscriber = { path: string; seqs: number[]; arrivals: number[]; seen: Set<number>; lastId: string | undefined; stream: EventStream | undefined }

/** Subscribers that connect at once (a bound on half-open requests; 10,000 connect in seconds). */
const CONNECTS_IN_FLIGHT_MAX = 64

runChild(async () => {
  const { url, count, intentIds } = await nextFromParent<{ type: string; url: string; count: number; intentIds?: string[] }>('connect')
  const agent = new Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY })
  const subscribers: Subscriber[] = []
  let reconnects = 0
  let stopped = false

  const connect = async (subscriber: Subscriber): Promise<void> => {
    const stream = await openEventStream(
      `${url}${subscriber.path}`,
      (event, arrivedAtMs) => {
        const seq = Number(event.id)
        subscriber.lastId = event.id
        if (subscriber.seen.has(seq)) return
        subscriber.seen.add(seq)
        subscriber.seqs.push(seq)
        subscriber.arrivals.push(arrivedAtMs)
      },
      { agent, ...(subscriber.lastId === undefined ? {} : { lastEventId: subscriber.lastId }) },
    )
    subscriber.stream = stream
    void stream.ended.then(async (reason) => {
      if (stopped || reason === 'closed by us') return
      reconnects++
      await sleep(50)
      if (!stopped) await connect(subscriber).catch(() => undefined)
    })
  }

  for (let i = 0; i < count; i++) {
    const path = intentIds === undefined ? '/events' : `/events?intent_id=${intentIds[i % intentIds.length]}`
    subscribers.push({ path, seqs: [], arrivals: [], seen: new Set(), lastId: undefined, stream: undefined })
  }
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(CONNECTS_IN_FLIGHT_MAX, count) }, async () => {
      while (next < subscribers.length) await connect(subscribers[next++]!)
    }),
  )
  tellParent({ type: 'connected' })

  const { events, timeoutMs } = await nextFromParent<{ type: string; events: number; timeoutMs: number }>('collect')
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline && subscribers.some((subscriber) => subscriber.seqs.length < events)) await sleep(50)
  stopped = true
  for (const subscriber of subscribers) subscriber.stream?.close()
  tellParent({
    type: 'samples',
    seqs: subscribers.map((subscriber) => Int32Array.from(subscriber.seqs)),
    arrivals: subscribers.map((subscriber) => Float64Array.from(subscriber.arrivals)),
    reconnects,
  })
  return { close: async () => agent.destroy() }
})
