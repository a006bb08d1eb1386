// A late subscriber's view: GET /events with Last-Event-ID 0 replays the durable log. Reads until
// every intent in `intentIds` has a terminal event and no further event arrived for a short
// while, so a duplicate later in the log would still be seen.
import { setTimeout as sleep } from 'node:timers/promises'
import type { ChaosContext } from '../lib/ChaosContext.ts'
import { EventLog } from '../lib/EventLog.ts'
import { waitUntil } from '../lib/waitUntil.ts'

/** How long the replay must stay quiet before it is taken as complete, in milliseconds. */
const REPLAY_QUIET_MS = 1_500
const REPLAY_TIMEOUT_MS = 60_000
const REPLAY_QUIET_ROUNDS_MAX = 20

export async function collectReplay(context: ChaosContext, baseUrl: string, intentIds: readonly string[]): Promise<EventLog> {
  const replay = new EventLog()
  context.onCleanup(() => replay.close())
  await replay.open(baseUrl, context.authHeaders, '0')
  await waitUntil('a terminal event of every intent in the replay', async () => (intentIds.every((id) => replay.terminalEventsOf(id).length > 0) ? true : undefined), {
    timeoutMs: REPLAY_TIMEOUT_MS,
    deadline: context.deadline,
  })
  for (let count = -1, round = 0; count !== replay.events.length && round < REPLAY_QUIET_ROUNDS_MAX; round++) {
    count = replay.events.length
    await sleep(REPLAY_QUIET_MS)
  }
  replay.close()
  return replay
}
