import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { classifyAddress, isIpAddressText } from './classifyAddress.ts'

// [address, reason refused for (undefined: public), the IPv4 address inside it that was judged]
const TABLE: [string, string | undefined, string?][] = [
  // IPv4
  ['93.184.215.14', undefined],
  ['8.8.8.8', undefined],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['10.0.0.1', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['172.32.0.1', undefined],
  ['192.168.1.1', 'private'],
  ['169.254.169.254', 'linkLocal'],
  ['100.64.0.1', 'carrierGradeNat'],
  ['100.127.255.255', 'carrierGradeNat'],
  ['100.128.0.1', undefined],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved'],
  ['192.0.2.1', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['192.0.0.8', 'reserved'],
  // IPv6
  ['2606:4700::6810:84e5', undefined],
  ['::1', 'loopback'],
  ['::', 'unspecified'],
  ['fe80::1', 'linkLocal'],
  ['fc00::1', 'uniqueLocal'],
  ['fd12:3456::1', 'uniqueLocal'],
  ['ff02::1', 'multicast'],
  ['2001:db8::1', 'reserved'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
  ['100::1', 'discard'],
  ['fec0::1', 'notGlobalUnicast'], // deprecated site-local
  ['::7f00:1', 'notGlobalUnicast'], // IPv4-compatible ::127.0.0.1
  ['5f00::1', 'notGlobalUnicast'],
  // IPv6 carrying an IPv4 address: judged by that address
  ['::ffff:127.0.0.1', 'loopback', '127.0.0.1'],
  ['::ffff:7f00:1', 'loopback', '127.0.0.1'],
  ['::ffff:10.1.2.3', 'private', '10.1.2.3'],
  ['::ffff:169.254.169.254', 'linkLocal', '169.254.169.254'],
  ['::ffff:8.8.8.8', undefined],
  ['::ffff:0:127.0.0.1', 'loopback', '127.0.0.1'], // RFC 6145 IPv4-translated
  ['64:ff9b::a00:1', 'private', '10.0.0.1'], // NAT64
  ['64:ff9b::7f00:1', 'loopback', '127.0.0.1'],
  ['64:ff9b::808:808', undefined],
  ['2002:c0a8:101::1', 'private', '192.168.1.1'], // 6to4
  ['2002:7f00:1::', 'loopback', '127.0.0.1'],
  ['2002:808:808::1', undefined],
]

describe('classifyAddress', () => {
  for (const [address, reason, embeddedIpv4] of TABLE)
    test(`${address} is ${reason ?? 'public'}`, () => {
      const result = classifyAddress(address)
      if (reason === undefined) {
        assert.equal(result.isPublic, true, JSON.stringify(result))
        return
      }
      assert.equal(result.isPublic, false, JSON.stringify(result))
      assert.ok(!result.isPublic)
      assert.equal(result.reason, reason)
      assert.equal(result.embeddedIpv4, embeddedIpv4)
    })

  test('returns the address in canonical form', () => {
    assert.equal(classifyAddress('0000:0000:0000:0000:0000:0000:0000:0001').address, '::1')
  })
})

describe('isIpAddressText', () => {
  test('accepts dotted IPv4 and IPv6, and nothing ipaddr.js would also read as an IPv4 address', () => {
    for (const text of ['127.0.0.1', '::1', '::ffff:127.0.0.1', 'fe80::1']) assert.equal(isIpAddressText(text), true, text)
    for (const text of ['2130706433', '0x7f.1', '0177.0.0.1', '127.1', 'localhost', 'shop.example', '', '[::1]'])
      assert.equal(isIpAddressText(text), false, text)
  })
})
