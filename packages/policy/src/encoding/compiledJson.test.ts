import { test } from 'node:test'
import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { canonicalJson } from '@verity/core'
import { compileTemplate } from '../compile/compileTemplate.ts'
import { compiledJson, compiledText } from './compiledJson.ts'

const examplesUrl = new URL('../../examples/', import.meta.url)

test('compiledText is exactly the JCS (RFC 8785) serialization of compiledJson', () => {
  const sources = readdirSync(examplesUrl).filter((file) => file.endsWith('.template')).map((file) => readFileSync(new URL(file, examplesUrl), 'utf8'))
  sources.push('name t\nevidence {\n  s: string\n}\nrequires {\n  evidence.s in {"\\u{7f}", "\\u{1}", "é", "\\u{1F600}", "\\"\\\\", "<>&", "\\u{2028}"};\n}')
  for (const source of sources) {
    const compiled = compileTemplate(source)
    assert.equal(compiledText(compiled), canonicalJson(compiledJson(compiled)))
  }
})
