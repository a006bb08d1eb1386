import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'

/** Buckets of request and proof durations, in seconds (from a fast read to a slow SDL proof). */
export const DURATION_BUCKETS_SECONDS: readonly number[] = Object.freeze([0.001, 0.005, 0.025, 0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120])

/**
 * The metrics of one running service, in its own registry (several services may share a process:
 * `verity up`, tests). Every service has the HTTP figures and the process figures (CPU, memory,
 * event-loop lag: prom-client's defaults prefixed `verity_`, e.g. `verity_process_resident_memory_bytes`); each adds its own gauges and counters with the
 * helpers below. Names follow Prometheus conventions: `verity_<what>_<unit>`.
 */
export class ServiceMetrics {
  readonly registry = new Registry()
  readonly httpRequests: Counter<'method' | 'route' | 'status'>
  readonly httpDuration: Histogram<'method' | 'route'>

  constructor(readonly service: string) {
    this.registry.setDefaultLabels({ service })
    collectDefaultMetrics({ register: this.registry, prefix: 'verity_' })
    this.httpRequests = new Counter({
      name: 'verity_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    })
    this.httpDuration = new Histogram({
      name: 'verity_http_request_duration_seconds',
      help: 'Time from receiving a request to finishing its answer (event streams: until they close)',
      labelNames: ['method', 'route'],
      buckets: [...DURATION_BUCKETS_SECONDS],
      registers: [this.registry],
    })
  }

  /** A gauge read when scraped (queue depths, subscribers, pool use): `read` may be async. */
  gauge(name: string, help: string, read: () => number | Promise<number>): Gauge {
    return new Gauge({
      name,
      help,
      registers: [this.registry],
      async collect() {
        this.set(await read())
      },
    })
  }

  /** A gauge with one label, read when scraped as a map from label value to number (e.g. SDLs by state). */
  labelledGauge(name: string, help: string, label: string, read: () => Record<string, number> | Promise<Record<string, number>>): Gauge<string> {
    return new Gauge({
      name,
      help,
      labelNames: [label],
      registers: [this.registry],
      async collect() {
        this.reset()
        for (const [value, count] of Object.entries(await read())) this.set({ [label]: value }, count)
      },
    })
  }

  counter<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    return new Counter({ name, help, labelNames: [...labelNames], registers: [this.registry] })
  }

  histogram<L extends string = never>(name: string, help: string, labelNames: readonly L[] = []): Histogram<L> {
    return new Histogram({ name, help, labelNames: [...labelNames], buckets: [...DURATION_BUCKETS_SECONDS], registers: [this.registry] })
  }
}
