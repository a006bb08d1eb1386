// AP2's `checkout.line_items` rule (AP2 SDK max_flow_helper.py): every unit in the cart must be
// taken by a requirement that accepts its item (a requirement listing no items accepts any), each
// requirement taking at most its `quantity`. A bipartite max flow decides it.

export type LineItemRequirement = { acceptable: readonly string[]; quantity: number }

/** The cart's item ids that cannot all be placed (with how many units are left over), or [] when the cart fits. */
export function lineItemsLeftOver(cart: readonly { id: string; quantity: number }[], requirements: readonly LineItemRequirement[]): string[] {
  const quantities = new Map<string, number>()
  for (const line of cart) quantities.set(line.id, (quantities.get(line.id) ?? 0) + line.quantity)
  const items = [...quantities.keys()]
  const accepts = (requirement: LineItemRequirement, id: string) => requirement.acceptable.length === 0 || requirement.acceptable.includes(id)
  const left = items.map((id) => quantities.get(id)!)
  const room = requirements.map((requirement) => requirement.quantity)
  // flow[i][j]: units of item i placed in requirement j.
  const flow = items.map(() => requirements.map(() => 0))
  for (let i = 0; i < items.length; i += 1) {
    while (left[i]! > 0) {
      const pushed = augment(i, items, requirements, accepts, room, flow, left[i]!)
      if (pushed === 0) break
      left[i] = left[i]! - pushed
    }
  }
  return items.flatMap((id, i) => (left[i]! > 0 ? [`${id} (${left[i]})`] : []))
}

/** One augmenting path from item `start` to a requirement with room (BFS over item → requirement → item moves). */
function augment(start: number, items: readonly string[], requirements: readonly LineItemRequirement[], accepts: (r: LineItemRequirement, id: string) => boolean, room: number[], flow: number[][], want: number): number {
  const cameFrom = new Map<string, string>()
  const queue: number[] = [start]
  const seenItems = new Set<number>([start])
  const seenRequirements = new Set<number>()
  while (queue.length > 0) {
    const i = queue.shift()!
    for (let j = 0; j < requirements.length; j += 1) {
      if (seenRequirements.has(j) || !accepts(requirements[j]!, items[i]!)) continue
      seenRequirements.add(j)
      cameFrom.set(`r${j}`, `i${i}`)
      if (room[j]! > 0) return apply(j, start, cameFrom, room, flow, want)
      for (let k = 0; k < items.length; k += 1) {
        if (seenItems.has(k) || flow[k]![j]! === 0) continue
        seenItems.add(k)
        cameFrom.set(`i${k}`, `r${j}`)
        queue.push(k)
      }
    }
  }
  return 0
}

function apply(end: number, start: number, cameFrom: Map<string, string>, room: number[], flow: number[][], want: number): number {
  // The path alternates requirement ← item ← requirement …; its capacity is the room at the end and every unit moved back.
  const path: [number, number, 1 | -1][] = []
  let node = `r${end}`
  let amount = Math.min(want, room[end]!)
  while (node !== `i${start}`) {
    const item = cameFrom.get(node)!
    const j = Number(node.slice(1))
    const i = Number(item.slice(1))
    path.push([i, j, 1])
    if (item === `i${start}`) break
    const previous = cameFrom.get(item)!
    const back = Number(previous.slice(1))
    path.push([i, back, -1])
    amount = Math.min(amount, flow[i]![back]!)
    node = previous
  }
  for (const [i, j, sign] of path) flow[i]![j] = flow[i]![j]! + sign * amount
  room[end] = room[end]! - amount
  return amount
}
