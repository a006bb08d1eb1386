import assert from 'node:assert/strict'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'node:test'
import { compareVersions, isVerityVersion, VERITY_VERSION } from './verityVersion.ts'

const ROOT = join(import.meta.dirname, '..', '..', '..', '..')

test('every package.json carries VERITY_VERSION, and depends on its siblings at exactly that version', () => {
  const manifests = [join(ROOT, 'package.json'), ...readdirSync(join(ROOT, 'packages')).map((name) => join(ROOT, 'packages', name, 'package.json'))]
  for (const path of manifests) {
    const manifest = JSON.parse(readFileSync(path, 'utf8')) as { version: string; dependencies?: Record<string, string>; devDependencies?: Record<string, string> }
    assert.equal(manifest.version, VERITY_VERSION, path)
    for (const [name, range] of Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })) {
      if (name.startsWith('@verity/')) assert.equal(range, VERITY_VERSION, `${path}: ${name}`)
    }
  }
})

test('the CHANGELOG has a section for this version', () => {
  const changelog = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8')
  assert.match(changelog, new RegExp(`^## ${VERITY_VERSION.replaceAll('.', '\\.')} `, 'm'))
})

test('compareVersions orders releases by semver precedence', () => {
  assert.ok(isVerityVersion(VERITY_VERSION))
  assert.equal(compareVersions('0.1.0', '0.2.0'), -1)
  assert.equal(compareVersions('0.10.0', '0.9.9'), 1, 'numbers, not text')
  assert.equal(compareVersions('1.0.0', '1.0.0'), 0)
  assert.equal(compareVersions('0.2.0-rc.1', '0.2.0'), -1, 'a pre-release comes before its release')
  assert.equal(compareVersions('0.2.0', '0.2.0-rc.1'), 1)
  assert.equal(compareVersions('0.2.0-rc.1', '0.2.0-rc.2'), -1)
})

test('compareVersions refuses what is not a version', () => {
  for (const text of ['', '0.2', 'v0.2.0', '0.2.0.1', '01.2.0', '0.2.0-', ' 0.2.0']) {
    assert.equal(isVerityVersion(text), false, text)
    assert.throws(() => compareVersions(text, '0.1.0'), RangeError, text)
  }
})
