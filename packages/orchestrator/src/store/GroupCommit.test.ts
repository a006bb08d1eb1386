import { test } from 'node:test'
import assert from 'node:assert/strict'
import { GroupCommit } from './GroupCommit.ts'

test('items of one turn commit together, at most batchMax a group; each gets its own result', async () => {
  const groups: number[][] = []
  const commits = new GroupCommit<number, number>({ batchMax: 3, commit: async (items) => (groups.push(items), items.map((item) => item * 10)) })
  const results = await Promise.all([1, 2, 3, 4, 5].map((item) => commits.submit(item)))
  assert.deepEqual(results, [10, 20, 30, 40, 50])
  assert.deepEqual(groups, [[1, 2, 3], [4, 5]])
  assert.equal(await commits.submit(6), 60)
  assert.deepEqual(groups.at(-1), [6])
})

test('a failed commit rejects every item of its group, and only those', async () => {
  const commits = new GroupCommit<number, number>({
    batchMax: 2,
    commit: (items) => {
      if (items.includes(1)) throw new Error('disk full')
      return items
    },
  })
  const outcomes = await Promise.allSettled([1, 2, 3].map((item) => commits.submit(item)))
  assert.deepEqual(outcomes.map((outcome) => outcome.status), ['rejected', 'rejected', 'fulfilled'])
  assert.match(String((outcomes[0] as PromiseRejectedResult).reason), /disk full/)
})
