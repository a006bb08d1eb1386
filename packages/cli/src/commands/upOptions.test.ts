import assert from 'node:assert/strict'
import { test } from 'node:test'
import { UsageError } from '../UsageError.ts'
import { readUpOption, readUpPrivateAddressesAllowed } from './upOptions.ts'

test('an option of up comes from its flag, else VERITY_UP_<FLAG>; an empty variable is unset', () => {
  assert.equal(readUpOption({ 'store-port': '1' }, { VERITY_UP_STORE_PORT: '2' }, 'store-port'), '1')
  assert.equal(readUpOption({}, { VERITY_UP_STORE_PORT: '2' }, 'store-port'), '2')
  assert.equal(readUpOption({}, { VERITY_UP_STORE_PORT: '' }, 'store-port'), undefined)
})

test('--storefront-private-addresses-allowed: entries in the extractor forms, checked before anything starts', async () => {
  assert.deepEqual(await readUpPrivateAddressesAllowed({ 'storefront-private-addresses-allowed': ' 127.0.0.1:8099, 10.1.0.0/16,,[::1]:8098 ' }, {}), ['127.0.0.1:8099', '10.1.0.0/16', '[::1]:8098'])
  assert.deepEqual(await readUpPrivateAddressesAllowed({}, { VERITY_UP_STOREFRONT_PRIVATE_ADDRESSES_ALLOWED: '127.0.0.1:8099' }), ['127.0.0.1:8099'])
  assert.deepEqual(await readUpPrivateAddressesAllowed({}, {}), [])
  await assert.rejects(
    readUpPrivateAddressesAllowed({ 'storefront-private-addresses-allowed': '127.0.0.1:8099,localhost' }, {}),
    (error: unknown) => error instanceof UsageError && /--storefront-private-addresses-allowed: option storefrontPrivateAddressesAllowed="localhost": expected an IP address/.test(error.message),
  )
})
