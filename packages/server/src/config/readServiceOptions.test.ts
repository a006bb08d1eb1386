import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { InvalidOptionError } from '@verity/core'
import { optionEnvName } from './optionEnvName.ts'
import { optionsTableMarkdown } from './optionsTableMarkdown.ts'
import { readServiceOptions } from './readServiceOptions.ts'
import type { ServiceOptions } from './ServiceOption.ts'

const options = {
  port: { flag: 'port', kind: 'integer', max: 65_535, summary: 'TCP port', defaultText: '9000', oldEnvs: ['VERITY_PORT'] },
  intentTtlMs: { flag: 'intent-ttl-ms', kind: 'durationMs', min: 1, summary: 'time to live', oldFlags: ['intent-ttl'], oldEnvs: ['VERITY_INTENT_TTL'] },
  isOpen: { flag: 'allow-unsigned', kind: 'boolean', summary: 'accept unsigned' },
  hosts: { flag: 'hosts-allowed', kind: 'list', summary: 'hosts' },
  ports: { flag: 'ports-allowed', kind: 'portList', summary: 'ports' },
  databaseUrl: { flag: 'database-url', kind: 'postgresUrl', summary: 'PostgreSQL' },
  mode: { flag: 'mode', kind: 'choice', choices: ['open', 'token'], summary: 'mode' },
  config: { flag: 'config', kind: 'string', summary: 'file', isFlagOnly: true },
  logLevel: { flag: 'log-level', kind: 'string', summary: 'level', sharedEnv: 'VERITY_LOG_LEVEL', oldEnvs: ['VERITY_TEST_LOG'] },
} as const satisfies ServiceOptions

const read = (argv: string[], env: Record<string, string> = {}) => readServiceOptions({ service: 'test-service', options, argv, env })

describe('readServiceOptions', () => {
  test('variables are VERITY_<SERVICE>_<FLAG>', () => {
    assert.equal(optionEnvName('base-layer', 'rate-limit-window-ms'), 'VERITY_BASE_LAYER_RATE_LIMIT_WINDOW_MS')
  })

  test('reads every kind from flags (both spellings) and leaves unset options out', () => {
    const { values, deprecations } = read(['--port=8080', '--intent-ttl-ms', '60000', '--allow-unsigned', '--hosts-allowed', 'a.example, b.example', '--ports-allowed=80,8443', '--database-url', 'postgres://u@127.0.0.1:5432/d', '--mode', 'token', '--config', 'x.yaml'])
    assert.deepEqual(values, { port: 8080, intentTtlMs: 60_000, isOpen: true, hosts: ['a.example', 'b.example'], ports: [80, 8443], databaseUrl: 'postgres://u@127.0.0.1:5432/d', mode: 'token', config: 'x.yaml' })
    assert.deepEqual(deprecations, [])
    assert.deepEqual(read([]).values, {})
  })

  test('a flag wins over its variable; an empty variable is unset; a flag-only option has no variable', () => {
    assert.equal(read(['--port', '1'], { VERITY_TEST_SERVICE_PORT: '2' }).values.port, 1)
    assert.equal(read([], { VERITY_TEST_SERVICE_PORT: '2' }).values.port, 2)
    assert.equal(read([], { VERITY_TEST_SERVICE_PORT: '' }).values.port, undefined)
    assert.equal(read([], { VERITY_TEST_SERVICE_CONFIG: 'y.yaml' }).values.config, undefined)
    // A variable shared by every service counts below the service's own, and is not deprecated.
    assert.deepEqual(read([], { VERITY_LOG_LEVEL: 'warn', VERITY_TEST_LOG: 'info' }), { values: { logLevel: 'warn' }, deprecations: [] })
    assert.equal(read([], { VERITY_LOG_LEVEL: 'warn', VERITY_TEST_SERVICE_LOG_LEVEL: 'debug' }).values.logLevel, 'debug')
  })

  test('old names still work, lose to the current ones, and are reported as deprecated', () => {
    const old = read(['--intent-ttl', '24h'], { VERITY_PORT: '7000' })
    assert.equal(old.values.intentTtlMs, 86_400_000)
    assert.equal(old.values.port, 7000)
    assert.deepEqual(old.deprecations, ['VERITY_PORT is deprecated: use VERITY_TEST_SERVICE_PORT', '--intent-ttl is deprecated: use --intent-ttl-ms'])
    assert.equal(read(['--intent-ttl-ms', '5', '--intent-ttl', '1h']).values.intentTtlMs, 5)
    assert.equal(read([], { VERITY_PORT: '1', VERITY_TEST_SERVICE_PORT: '2' }).values.port, 2)
  })

  test('a current duration is whole milliseconds: a unit is refused there', () => {
    assert.throws(() => read(['--intent-ttl-ms', '24h']), /option --intent-ttl-ms="24h": expected a whole number of milliseconds/)
  })

  test('bad values, unknown flags and missing values are INVALID_OPTION naming the flag or variable', () => {
    const cases: Array<[string[], Record<string, string>, RegExp]> = [
      [['--port', '70000'], {}, /--port="70000": expected a whole number from 0 to 65535/],
      [['--port=-1'], {}, /--port="-1": expected a whole number/],
      [[], { VERITY_TEST_SERVICE_PORT: 'eighty' }, /VERITY_TEST_SERVICE_PORT="eighty"/],
      [['--intent-ttl-ms', '0'], {}, /from 1 to/],
      [['--ports-allowed', '80,0'], {}, /expected ports 1-65535/],
      [['--database-url', 'mysql://h/d'], {}, /expected a PostgreSQL URL/],
      [['--mode', 'closed'], {}, /expected one of open, token/],
      [['--no-such-flag'], {}, /option --no-such-flag: .*Unknown option/],
      [['--port'], {}, /option --port: .*argument missing/],
      [['stray'], {}, /Unexpected argument 'stray'/],
    ]
    for (const [argv, env, message] of cases) {
      assert.throws(() => read(argv, env), (error: unknown) => error instanceof InvalidOptionError && message.test(error.message), `${argv.join(' ')} ${JSON.stringify(env)}`)
    }
  })

  test('the docs table names every flag, variable and old name', () => {
    const table = optionsTableMarkdown('test-service', options)
    assert.match(table, /\| `--intent-ttl-ms` \| `VERITY_TEST_SERVICE_INTENT_TTL_MS` \| — \| time to live \| `--intent-ttl`, `VERITY_INTENT_TTL` \|/)
    assert.match(table, /\| `--config` \| — \|/)
    assert.equal(table.split('\n').length, 2 + Object.keys(options).length)
  })
})
