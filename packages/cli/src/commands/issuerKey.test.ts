// `verity mint` / `verity nft create` with an issuer key that already issued a token: refused
// before anything is signed, naming what the key issued and what to do (ISSUER_KEY_USED).
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Ed25519Signer, formatAddress } from '@verity/core'
import { startTestDomain, type TestDomain } from '../../../domain/src/testing/startTestDomain.ts'
import { runCliCaptured } from '../testing/runCliCaptured.ts'

const verity = runCliCaptured

describe('an issuer key that already issued a token', () => {
  const dir = mkdtempSync(join(tmpdir(), 'verity-issuer-'))
  let domain: TestDomain
  before(async () => (domain = await startTestDomain()))
  after(async () => {
    await domain?.cleanup()
    rmSync(dir, { recursive: true, force: true })
  })

  test('nft create and mint name the token the key issued and say what to do; minting more of the same token still works', async () => {
    const to = ['--to', formatAddress(Ed25519Signer.generate().ownerId, 1)]
    const issuer = join(dir, 'issuer.json')
    Ed25519Signer.generate().toKeyFile(issuer)
    const minted = await verity('mint', '--key', issuer, '--name', 'Demo Dollar', '--symbol', 'DMD', '--amount', '100', ...to, '--domain', domain.url)
    assert.equal(minted.code, 0, minted.stderr)
    const tokenId = /of token (\S+) to/.exec(minted.stdout)![1]!
    const nft = await verity('nft', 'create', '--key', issuer, '--name', 'Art', '--description', 'x', '--ids', '1', ...to, '--domain', domain.url)
    assert.equal(nft.code, 1)
    assert.equal(nft.stdout, '')
    assert.equal(nft.stderr, `error: --key ${issuer} already issued token DMD "Demo Dollar" (${tokenId}): one key issues one token or one NFT collection; make a new key for this one: verity keygen --out new-issuer.json\n`)
    assert.equal((await verity('mint', '--key', issuer, '--amount', '5', ...to, '--domain', domain.url)).code, 0)

    const artist = join(dir, 'artist.json')
    const artistSigner = Ed25519Signer.generate()
    artistSigner.toKeyFile(artist)
    assert.equal((await verity('nft', 'create', '--key', artist, '--name', 'Art', '--description', 'x', '--ids', '1', ...to, '--domain', domain.url)).code, 0)
    const again = await verity('nft', 'create', '--key', artist, '--name', 'More art', '--description', 'x', '--ids', '2', ...to, '--domain', domain.url)
    assert.match(again.stderr, new RegExp(`^error: --key .*artist\\.json already issued NFT collection "Art" \\(${formatAddress(artistSigner.ownerId, 1)}\\): .*mint more of it with verity nft mint`))
    const fungible = await verity('mint', '--key', artist, '--name', 'X', '--symbol', 'X', '--amount', '1', ...to, '--domain', domain.url)
    assert.match(fungible.stderr, /^error: --key .* already issued NFT collection "Art" .*make a new key for this one/)
  })
})
