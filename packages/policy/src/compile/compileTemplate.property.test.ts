import { describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { compileTemplate } from './compileTemplate.ts'
import { TemplateCompileError } from '../errors/TemplateCompileError.ts'
import { InvalidCompiledTemplateError } from '../errors/InvalidCompiledTemplateError.ts'
import { compiledBytes } from '../encoding/compiledBytes.ts'
import { decodeCompiledTemplate } from '../encoding/decodeCompiledTemplate.ts'
import { templateId } from '../encoding/templateId.ts'
import { formatTemplate } from '../format/formatTemplate.ts'
import { templateSource } from '../testing/arbitraryTemplateSource.ts'

describe('compileTemplate: properties', () => {
  test('random well-typed templates compile, and print → compile keeps the id, the tree and the text', () => {
    fc.assert(
      fc.property(templateSource, (source) => {
        const compiled = compileTemplate(source)
        const printed = formatTemplate(compiled)
        const recompiled = compileTemplate(printed)
        assert.equal(templateId(recompiled), templateId(compiled))
        assert.deepEqual(recompiled, compiled)
        assert.equal(formatTemplate(recompiled), printed)
        assert.deepEqual(decodeCompiledTemplate(compiledBytes(compiled)), compiled)
      }),
      { numRuns: 100, endOnFailure: true },
    )
  })

  const examples = ['clothing', 'laptop', 'shipment'].map((name) =>
    readFileSync(new URL(`../../examples/${name}.template`, import.meta.url), 'utf8'))
  const TOKENS = ['{', '}', '(', ')', ';', ':', '.', ',', '"', '\\', '#', '<', '<=', '==', '!', '-', 'in', 'not', 'and', 'or',
    'optional', 'intent', 'evidence', 'requires', 'name', 'set<', '>', '9223372036854775808', '\n', '\u{1F600}', '\0']
  const mutated = fc.tuple(fc.constantFrom(...examples), fc.array(fc.tuple(fc.nat(), fc.nat({ max: 12 }), fc.constantFrom('', ...TOKENS)), { minLength: 1, maxLength: 4 }))
    .map(([source, edits]) => edits.reduce((text, [at, removed, inserted]) => {
      const index = at % (text.length + 1)
      return text.slice(0, index) + inserted + text.slice(index + removed)
    }, source))

  test('on any input the compiler returns a template or throws TemplateCompileError, nothing else', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), mutated, templateSource.map((s) => s.slice(0, -9))), (source) => {
        try {
          const compiled = compileTemplate(source)
          assert.equal(templateId(compileTemplate(formatTemplate(compiled))), templateId(compiled))
        } catch (error) {
          if (!(error instanceof TemplateCompileError)) throw error
          assert.ok(error.line >= 1 && error.column >= 1, error.message)
        }
      }),
      { numRuns: 1000 },
    )
  })

  test('the decoder returns a template or throws InvalidCompiledTemplateError on corrupted bytes', () => {
    const bytes = compiledBytes(compileTemplate(examples[0]!))
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 3 }), (edits) => {
        const corrupted = bytes.slice()
        for (const [at, value] of edits) corrupted[at % corrupted.length] = value
        try {
          decodeCompiledTemplate(corrupted)
        } catch (error) {
          if (!(error instanceof InvalidCompiledTemplateError)) throw error
        }
      }),
      { numRuns: 500 },
    )
  })
})
