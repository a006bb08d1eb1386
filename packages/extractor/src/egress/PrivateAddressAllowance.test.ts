import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { InvalidOptionError } from '@verity/core'
import { findPrivateAddressAllowance, parsePrivateAddressAllowance } from './PrivateAddressAllowance.ts'

describe('parsePrivateAddressAllowance', () => {
  const valid: [string, string, number | undefined][] = [
    ['10.1.0.0/16', '10.1.0.0/16', undefined],
    ['fd00::/8', 'fd00::/8', undefined],
    ['10.1.2.3', '10.1.2.3/32', undefined],
    ['::1', '::1/128', undefined],
    ['127.0.0.1:8080', '127.0.0.1/32', 8080],
    ['[::1]:8443', '::1/128', 8443],
    [' 192.168.0.0/24 ', '192.168.0.0/24', undefined],
  ]
  for (const [entry, range, port] of valid)
    test(`${JSON.stringify(entry)} allows ${range}${port === undefined ? '' : ` on port ${port}`}`, () => {
      const allowance = parsePrivateAddressAllowance(entry)
      assert.equal(`${allowance.range[0].toString()}/${allowance.range[1]}`, range)
      assert.equal(allowance.port, port)
    })

  const invalid: [string, RegExp][] = [
    ['localhost', /expected an IP address/],
    ['0x7f.1', /expected an IP address/],
    ['2130706433', /expected an IP address/],
    ['127.0.0.1:0', /port 0 is not 1-65535/],
    ['127.0.0.1:70000', /port 70000 is not 1-65535/],
    ['10.0.0.0/33', /prefix length \/33/],
    ['10.0.0.0/x', /prefix length/],
    ['[::1]', /expected an IP address/],
    ['', /expected an IP address/],
  ]
  for (const [entry, message] of invalid)
    test(`${JSON.stringify(entry)} is refused at start with INVALID_OPTION`, () => {
      assert.throws(
        () => parsePrivateAddressAllowance(entry),
        (error: unknown) =>
          error instanceof InvalidOptionError &&
          error.code === 'INVALID_OPTION' &&
          error.fields.option === 'storefrontPrivateAddressesAllowed' &&
          message.test(error.message),
      )
    })

  test('an IPv6 address with a port needs brackets: ::1:8080 is the address ::1:8080', () => {
    const allowance = parsePrivateAddressAllowance('::1:8080')
    assert.equal(allowance.port, undefined)
    assert.equal(allowance.range[0].toString(), '::1:8080')
  })
})

describe('findPrivateAddressAllowance', () => {
  const allowances = ['10.1.0.0/16', '127.0.0.1:8080', '[::1]:8443'].map(parsePrivateAddressAllowance)
  const cases: [string[], number, string | undefined][] = [
    [['10.1.200.3'], 443, '10.1.0.0/16'],
    [['10.2.0.1'], 443, undefined],
    [['127.0.0.1'], 8080, '127.0.0.1:8080'],
    [['127.0.0.1'], 8081, undefined],
    [['127.0.0.2'], 8080, undefined],
    [['::1'], 8443, '[::1]:8443'],
    [['::1'], 8080, undefined],
    // an IPv4-mapped address matches through the IPv4 address it carries
    [['::ffff:7f00:1', '127.0.0.1'], 8080, '127.0.0.1:8080'],
  ]
  for (const [candidates, port, expected] of cases)
    test(`${candidates.join(' / ')} port ${port} → ${expected ?? 'no entry'}`, () => {
      assert.equal(findPrivateAddressAllowance(allowances, candidates, port)?.entry, expected)
    })
})
