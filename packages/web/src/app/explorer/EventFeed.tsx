import { useEffect, useState } from 'preact/hooks'
import { FEED_EVENTS_SHOWN_MAX } from '../../limits.ts'
import { followEvents, type StreamEvent } from '../api/followEvents.ts'
import { navigate } from '../navigate.ts'
import { FeedFailures } from './FeedFailures.tsx'

/** The orchestrator's events, newest first, live (replayed from the start of the retained log). */
export function EventFeed() {
  const [events, setEvents] = useState<StreamEvent[]>([])
  const [stream, setStream] = useState('connecting')
  useEffect(() => {
    const abort = new AbortController()
    void followEvents({
      lastEventId: '0',
      signal: abort.signal,
      onState: setStream,
      onEvent: (event) => setEvents((previous) => [event, ...previous].slice(0, FEED_EVENTS_SHOWN_MAX)),
    })
    return () => abort.abort()
  }, [])
  return (
    <section aria-labelledby="feed-title">
      <h2 id="feed-title">Live events</h2>
      <p class="muted">stream: {stream}</p>
      {events.length === 0 ? <p class="muted">No event yet.</p> : null}
      <ol class="feed" data-testid="event-feed" aria-live="polite">
        {events.map((event) => {
          const intentId = String(event.data.intent_id ?? '')
          return (
            <li key={event.id}>
              <span class={`tag status-${event.type}`}>{event.type}</span> #{event.id}{' '}
              <a href={`/intents/${intentId}`} onClick={(click) => { click.preventDefault(); navigate(`/intents/${intentId}`) }}>
                {intentId}
              </a>
              {event.type === 'failure' ? <FeedFailures intentId={intentId} data={event.data} /> : null}
            </li>
          )
        })}
      </ol>
    </section>
  )
}
