// Reads a V8 .cpuprofile (node --cpu-prof) and sums self time by where the code lives: a
// node_modules package, a file of one of our packages, a node: internal module, or V8's own
// (garbage collector, idle, program). Divided by a request count, it is the per-request breakdown
// of docs/performance-history.md ("Where the time goes").
import { readFileSync } from 'node:fs'

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

export type CpuShare = { name: string; selfMs: number }
/** totalMs: the samples' time as counted (see SAMPLE_WEIGHT_MEDIANS_MAX); notRunningMs: the time left out. */
export type CpuProfileSummary = { totalMs: number; idleMs: number; notRunningMs: number; byPlace: CpuShare[]; byFunction: CpuShare[] }

/**
 * A sample stands for the time since the previous one, but at most this many median intervals: V8
 * samples on a timer, so when the thread was not running (the machine's other work had the core)
 * the gap was charged whole to whatever ran next, and on a shared machine that made a few cheap
 * functions look like the main costs (issue 37: ajv's ucs2length at 20 µs per request; it is 0.3).
 */
const SAMPLE_WEIGHT_MEDIANS_MAX = 2

/** The weight of each sample (its interval, capped) and the time the caps left out, in µs. */
function sampleWeightsUs(timeDeltas: readonly number[]): { weights: number[]; notRunningUs: number } {
  const sorted = timeDeltas.filter((delta) => delta > 0).sort((a, b) => a - b)
  const capUs = SAMPLE_WEIGHT_MEDIANS_MAX * (sorted[sorted.length >> 1] ?? 0)
  let notRunningUs = 0
  const weights = timeDeltas.map((delta) => {
    if (delta <= capUs) return Math.max(delta, 0)
    notRunningUs += delta - capUs
    return capUs
  })
  return { weights, notRunningUs }
}

/** Where a frame's code lives, coarse enough to read as a table. */
export function placeOf(url: string, functionName: string): string {
  if (url === '') return functionName === '' ? '(anonymous native)' : functionName
  const modules = url.lastIndexOf('node_modules/')
  if (modules >= 0) {
    const parts = url.slice(modules + 'node_modules/'.length).split('/')
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!
  }
  const ours = /packages\/([^/]+)\/src\/(.+)$/.exec(url)
  if (ours) return `@verity/${ours[1]} ${ours[2]}`
  if (url.startsWith('node:')) return url.replace(/^node:internal\//, 'node:').split('/').slice(0, 2).join('/')
  return url.replace(/^file:\/\/.*\/(bench|scripts)\//, '$1/')
}

/** Self time by place and by function (top `top` of each), in ms. */
export function summarizeCpuProfile(path: string, top = 25): CpuProfileSummary {
  const profile = JSON.parse(readFileSync(path, 'utf8')) as CpuProfile
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parentOf = new Map<number, ProfileNode>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node)
  const selfUs = new Map<number, number>()
  const { weights, notRunningUs } = sampleWeightsUs(profile.timeDeltas)
  profile.samples.forEach((id, index) => selfUs.set(id, (selfUs.get(id) ?? 0) + (weights[index] ?? 0)))
  const places = new Map<string, number>()
  const functions = new Map<string, number>()
  let idleUs = 0
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)!.callFrame
    if (frame.functionName === '(idle)') idleUs += us
    // A native frame (better-sqlite3's run, crypto's SignJob.run) is told apart by its caller.
    const caller = frame.url === '' && !frame.functionName.startsWith('(') ? parentOf.get(id)?.callFrame : undefined
    const place = caller === undefined ? placeOf(frame.url, frame.functionName) : `${frame.functionName} ← ${caller.functionName} ${placeOf(caller.url, caller.functionName)}`
    places.set(place, (places.get(place) ?? 0) + us)
    const name = caller === undefined ? `${frame.functionName || '(anonymous)'} ${place}${frame.url === '' ? '' : `:${frame.lineNumber + 1}`}` : place
    functions.set(name, (functions.get(name) ?? 0) + us)
  }
  const sorted = (map: Map<string, number>) =>
    [...map].sort((a, b) => b[1] - a[1]).slice(0, top).map(([name, us]) => ({ name, selfMs: us / 1_000 }))
  const countedUs = weights.reduce((sum, weight) => sum + weight, 0)
  return { totalMs: countedUs / 1_000, idleMs: idleUs / 1_000, notRunningMs: notRunningUs / 1_000, byPlace: sorted(places), byFunction: sorted(functions) }
}

/** The summary as text, each share also in µs per request. */
export function formatCpuProfileSummary(summary: CpuProfileSummary, requests: number, what: string): string {
  const busyMs = summary.totalMs - summary.idleMs
  const line = (share: CpuShare) =>
    `${((share.selfMs * 1_000) / requests).toFixed(1).padStart(8)} µs  ${((100 * share.selfMs) / busyMs).toFixed(1).padStart(5)} %  ${share.name}`
  return [
    `${requests} ${what}; profile ${summary.totalMs.toFixed(0)} ms (and ${summary.notRunningMs.toFixed(0)} ms not running, left out), busy ${busyMs.toFixed(0)} ms = ${((busyMs * 1_000) / requests).toFixed(1)} µs per ${what.replace(/s$/, '')}`,
    'self time by place:',
    ...summary.byPlace.filter((share) => share.name !== '(idle)').map(line),
    'self time by function:',
    ...summary.byFunction.filter((share) => !share.name.startsWith('(idle)')).map(line),
  ].join('\n')
}
