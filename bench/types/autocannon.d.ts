// The part of autocannon 9's API the bench uses (the package ships no types).
declare module 'autocannon' {
  type Histogram = { average: number; mean: number; p50: number; p90: number; p99: number; p97_5: number; max: number; min: number; total: number }
  type RequestSpec = {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
    setupRequest?: (request: Record<string, unknown>, context: Record<string, unknown>) => Record<string, unknown>
  }
  type Options = {
    url: string
    connections?: number
    duration?: number
    amount?: number
    pipelining?: number
    method?: string
    headers?: Record<string, string>
    body?: string
    requests?: RequestSpec[]
  }
  type Result = {
    requests: Histogram
    latency: Histogram
    throughput: Histogram
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
  }
  /** The run: awaitable for its result (then and catch only), and an emitter of its events ('response' after each response). */
  type Instance = PromiseLike<Result> & { catch: Promise<Result>['catch']; on(event: 'response', listener: (...args: unknown[]) => void): Instance }
  function autocannon(options: Options): Instance
  export default autocannon
  export type { Options, Result, Histogram, Instance }
}
