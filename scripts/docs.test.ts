// The docs must keep up with the code: every error code a package defines is documented
// (docs/errors.md or a service's page), and every relative link between docs resolves.
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { test } from 'node:test'

function filesUnder(dir: string, suffix: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'build') continue
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) out.push(...filesUnder(path, suffix))
    else if (path.endsWith(suffix)) out.push(path)
  }
  return out
}

const docs = [...filesUnder('docs', '.md'), 'README.md', ...filesUnder('packages', 'README.md')]

test('every error code defined in the packages is documented', () => {
  const text = docs.map((path) => readFileSync(path, 'utf8')).join('\n')
  const sources = filesUnder('packages', '.ts').filter((path) => path.includes('/src/') && !path.endsWith('.test.ts'))
  const undocumented: string[] = []
  for (const path of sources) {
    for (const match of readFileSync(path, 'utf8').matchAll(/readonly code = '([A-Z0-9_]+)'/g)) {
      if (!text.includes(match[1]!)) undocumented.push(`${match[1]} (${path})`)
    }
  }
  assert.deepEqual(undocumented, [], 'add these codes to docs/errors.md or the service page')
})

test('every refusal code of a mandate payment is documented in docs/domain.md', () => {
  const source = readFileSync('packages/ledger/src/errors/ledgerErrors.ts', 'utf8')
  const list = /MANDATE_REFUSAL_CODES = Object\.freeze\(\[([^\]]+)\]/.exec(source)?.[1] ?? ''
  const codes = [...list.matchAll(/'([A-Z0-9_]+)'/g)].map((match) => match[1]!)
  assert.ok(codes.length > 0, 'MANDATE_REFUSAL_CODES not found in packages/ledger/src/errors/ledgerErrors.ts')
  const domainDoc = readFileSync('docs/domain.md', 'utf8')
  assert.deepEqual(codes.filter((code) => !domainDoc.includes(`\`${code}\``)), [], 'add these codes to docs/domain.md, "Mandate payments"')
})

test('relative links in the docs resolve', () => {
  const broken: string[] = []
  for (const path of docs) {
    for (const match of readFileSync(path, 'utf8').matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)) {
      const target = match[1]!
      if (/^[a-z]+:/.test(target)) continue
      if (!existsSync(join(dirname(path), target))) broken.push(`${path} → ${target}`)
    }
  }
  assert.deepEqual(broken, [])
})
