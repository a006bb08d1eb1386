import assert from 'node:assert/strict'
import { test } from 'node:test'
import { balanceRows, mintOwnerOf, symbolOfMint } from './balanceRows.ts'

const TOKEN = 'GkTVo88PNKRtLLk7oXL28dcGd3XRDRnKvZb3o1EJwdP7,1'
const NFTS = '7ovtcf4qAbcUK2pTq1ZJbLLbbBLVBe5bx8kfVU6xAYvJ,1'

test("the domain's (and the base layer's) vault: native, then tokens, then NFT collections", () => {
  const local = { balance: 12n, shard: 1n, data: { TokenHoldings: { fungibles: { [TOKEN]: 33n }, nfts: { [NFTS]: [1n, 4n] } } } }
  assert.deepEqual(balanceRows(local), [
    { token: 'native', kind: 'native', amount: '12' },
    { token: TOKEN, kind: 'fungible', amount: '33' },
    { token: NFTS, kind: 'nft', amount: '2 NFTs (#1, #4)' },
  ])
  assert.deepEqual(balanceRows({ balance: 0, shard: 1, data: null }), [{ token: 'native', kind: 'native', amount: '0' }])
  assert.deepEqual(balanceRows(null), [])
})

test("an EVM chain's checked finalized view", () => {
  assert.deepEqual(balanceRows({ address: `x,1`, nonce: 1n, role: 1n, balance: 0n, fungibles: { [TOKEN]: 18446744073709551615n }, nfts: {} }), [
    { token: 'native', kind: 'native', amount: '0' },
    { token: TOKEN, kind: 'fungible', amount: '18446744073709551615' },
  ])
})

test("a token's symbol is its mint vault's", () => {
  assert.equal(mintOwnerOf(TOKEN), 'GkTVo88PNKRtLLk7oXL28dcGd3XRDRnKvZb3o1EJwdP7')
  assert.equal(symbolOfMint({ balance: 0, data: { FungibleTokenMint: { metadata: { name: 'Chain Dollar', symbol: 'CHD' }, supply: 100 } } }), 'CHD')
  assert.equal(symbolOfMint({ balance: 0, data: { NftMint: { collection: { metadata: { name: 'Tees', description: '' }, supply: {} } } } }), 'Tees')
  assert.equal(symbolOfMint({ balance: 0, data: { TokenHoldings: { fungibles: {}, nfts: {} } } }), undefined)
  assert.equal(symbolOfMint(null), undefined)
})
