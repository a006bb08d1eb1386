import assert from 'node:assert/strict'
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, test } from 'node:test'
import { TokenConfigError } from '../errors/configErrors.ts'
import { generateToken } from './generateToken.ts'
import { hashToken, hashTokenHex } from './hashToken.ts'
import { loadTokenRegistry } from './loadTokenRegistry.ts'
import { parseTokenEntries } from './parseTokenEntries.ts'
import { readTokensFile } from './readTokensFile.ts'
import { selectClientToken } from './selectClientToken.ts'
import { TokenRegistry } from './TokenRegistry.ts'
import { writeTokensFile } from './writeTokensFile.ts'

const dir = mkdtempSync(join(tmpdir(), 'verity-tokens-'))
after(() => rmSync(dir, { recursive: true, force: true }))

test('a registry knows its tokens by digest only and tells their name and scope', () => {
  const admin = generateToken()
  const operator = generateToken()
  const registry = new TokenRegistry([
    { name: 'ops', scope: 'operator', sha256: hashToken(operator) },
    { name: 'root', scope: 'admin', sha256: hashToken(admin) },
  ])
  assert.equal(registry.size, 2)
  assert.deepEqual(registry.authenticate(admin), { name: 'root', scope: 'admin' })
  assert.deepEqual(registry.authenticate(operator), { name: 'ops', scope: 'operator' })
  assert.equal(registry.authenticate(`${admin}x`), undefined)
  assert.equal(registry.authenticate(''), undefined)
  assert.equal(registry.authenticate('a'.repeat(10_000)), undefined)
  assert.doesNotMatch(JSON.stringify(registry.describe()), new RegExp(admin))
})

test('tokens file entries: token or sha256, every mistake named', () => {
  const token = generateToken()
  const entries = parseTokenEntries({ tokens: [{ name: 'a', scope: 'admin', token }, { name: 'b', scope: 'operator', sha256: hashTokenHex('x'.repeat(20)) }] }, 'f.json')
  assert.deepEqual(entries.map((e) => [e.name, e.scope, e.sha256.toString('hex')]), [['a', 'admin', hashTokenHex(token)], ['b', 'operator', hashTokenHex('x'.repeat(20))]])
  const refused: Array<[unknown, RegExp]> = [
    [[], /expected a JSON object/],
    [{ tokens: {} }, /`tokens` must be a list/],
    [{ tokens: [{ name: 'a', scope: 'root', token }] }, /tokens\[0\]\.scope must be "admin" or "operator"/],
    [{ tokens: [{ name: 'a b', scope: 'admin', token }] }, /tokens\[0\]\.name must be/],
    [{ tokens: [{ name: 'a', scope: 'admin', token: 'short' }] }, /tokens\[0\]\.token must be 16 to 512 characters/],
    [{ tokens: [{ name: 'a', scope: 'admin', sha256: 'ABC' }] }, /tokens\[0\]\.sha256 must be 64 lowercase hex/],
    [{ tokens: [{ name: 'a', scope: 'admin' }] }, /tokens\[0\] needs token/],
    [{ tokens: [{ name: 'a', scope: 'admin', token, sha256: hashTokenHex(token) }] }, /either token or sha256/],
    [{ tokens: [{ name: 'a', scope: 'admin', token, extra: 1 }] }, /unknown field extra/],
    [{ tokens: [{ name: 'a', scope: 'admin', token }, { name: 'a', scope: 'admin', token: generateToken() }] }, /name a is used twice/],
    [{ tokens: [{ name: 'a', scope: 'admin', token }, { name: 'b', scope: 'admin', sha256: hashTokenHex(token) }] }, /same token is listed twice/],
  ]
  for (const [raw, message] of refused) assert.throws(() => parseTokenEntries(raw, 'f.json'), (error: unknown) => error instanceof TokenConfigError && message.test(error.message))
})

test('a tokens file is written 0600 and refused when others may read the tokens in it', () => {
  const path = join(dir, 'nested', 'tokens.json')
  const token = generateToken()
  writeTokensFile(path, [{ name: 'devnet', scope: 'admin', token }])
  assert.equal(statSync(path).mode & 0o777, 0o600)
  assert.equal(statSync(join(dir, 'nested')).mode & 0o777, 0o700)
  assert.equal(selectClientToken(readTokensFile(path)), token)
  chmodSync(path, 0o644)
  assert.throws(() => readTokensFile(path), /other users may read it \(mode 644\); run chmod 600/)
  // A file of digests only holds no secret: any mode will do.
  const hashes = join(dir, 'hashes.json')
  writeFileSync(hashes, JSON.stringify({ tokens: [{ name: 'ci', scope: 'operator', sha256: hashTokenHex(token) }] }), { mode: 0o644 })
  assert.equal(loadTokenRegistry({ tokensFile: hashes }).authenticate(token)?.name, 'ci')
  assert.equal(selectClientToken(readTokensFile(hashes)), undefined)
  assert.throws(() => readTokensFile(join(dir, 'missing.json')), /cannot read/)
  writeFileSync(join(dir, 'bad.json'), '{', { mode: 0o600 })
  assert.throws(() => readTokensFile(join(dir, 'bad.json')), /not valid JSON/)
})

test('the client picks the admin token of a file before an operator one', () => {
  const operator = generateToken()
  const admin = generateToken()
  const entries = parseTokenEntries({ tokens: [{ name: 'o', scope: 'operator', token: operator }, { name: 'a', scope: 'admin', token: admin }] }, 'f')
  assert.equal(selectClientToken(entries), admin)
  assert.equal(selectClientToken(entries.slice(0, 1)), operator)
})

test('VERITY_ADMIN_TOKEN joins the registry with scope admin; a short one is refused', () => {
  const token = generateToken()
  const registry = loadTokenRegistry({ adminToken: token, tokens: [{ name: 'x', scope: 'operator', sha256: hashToken(generateToken()) }] })
  assert.equal(registry.size, 2)
  assert.deepEqual(registry.authenticate(token), { name: 'VERITY_ADMIN_TOKEN', scope: 'admin' })
  assert.equal(loadTokenRegistry({ adminToken: '' }).size, 0)
  assert.throws(() => loadTokenRegistry({ adminToken: 'secret' }), (error: unknown) => error instanceof TokenConfigError && /VERITY_ADMIN_TOKEN must be 16 to 512/.test(error.message) && !/secret/.test(error.message.replace('VERITY_ADMIN_TOKEN', '')))
})
