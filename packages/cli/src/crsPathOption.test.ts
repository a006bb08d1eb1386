import { test } from 'node:test'
import assert from 'node:assert/strict'
import { crsPathOption } from './crsPathOption.ts'

const recorder = () => {
  const lines: string[] = []
  return { lines, out: { info: (text: string) => void lines.push(text) } }
}

test('--crs-path wins, silently; --crs still works with a deprecation warning; else VERITY_CRS_PATH', () => {
  const saved = process.env.VERITY_CRS_PATH
  try {
    process.env.VERITY_CRS_PATH = '/from/env'
    const current = recorder()
    assert.equal(crsPathOption({ 'crs-path': '/new', crs: '/old' }, current.out), '/new')
    assert.deepEqual(current.lines, [])
    const old = recorder()
    assert.equal(crsPathOption({ crs: '/old' }, old.out), '/old')
    assert.match(old.lines.join('\n'), /--crs is deprecated, use --crs-path/)
    assert.equal(crsPathOption({}, recorder().out), '/from/env')
    process.env.VERITY_CRS_PATH = ''
    assert.equal(crsPathOption({}, recorder().out), undefined)
  } finally {
    if (saved === undefined) delete process.env.VERITY_CRS_PATH
    else process.env.VERITY_CRS_PATH = saved
  }
})
