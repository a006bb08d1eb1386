import assert from 'node:assert/strict'
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { after, before, describe, test } from 'node:test'
import { fileURLToPath } from 'node:url'
import { randomUUID } from 'node:crypto'
import { Ed25519Signer, parseJsonBigint } from '@verity/core'
import { signVerifiable } from '@verity/ledger'
import { DomainClient, OrchestratorClient, ApiError, ServiceUnreachableError, loadSigner, verifyProofBundle } from '@verity/sdk'
import { createProver } from '@verity/prover'
import { freePorts } from './testing/freePorts.ts'
import { runVerity, spawnVerity, verityOk } from './testing/runVerity.ts'
import { storeUrl } from './endpoints.ts'

// The README's five-minute tour, command for command, against `verity up` started as a child
// process on free ports in a temporary folder (so the tour's `.verity/keys/operator.json` path
// holds). Two real proofs: the policy proof of the first intent and the SDL proof.

const CLOTHING = fileURLToPath(new URL('../../policy/examples/clothing.template', import.meta.url))
const PAYABLE = fileURLToPath(new URL('../../policy/examples/payable-clothing.template', import.meta.url))
const CHECKOUT = fileURLToPath(new URL('../../policy/examples/payable-checkout.template', import.meta.url))
const attrsOf = (size: string) => ['--attr', 'acceptable_categories=["t-shirt","polo"]', '--attr', `size=${size}`, '--attr', 'audience=unisex', '--attr', 'max_price_cents=2500', '--attr', 'acceptable_colors=["White"]']
/** The tour's intent at the demo store (sizes as Shopify spells them) and with the extractor's own catalog. */
const ATTRS = attrsOf('Medium (M)')
const CATALOG_ATTRS = attrsOf('M')

const dir = mkdtempSync(join(tmpdir(), 'verity-tour-'))
let up: ChildProcess
let env: Record<string, string>
/** The demo store's URL: the README's http://127.0.0.1:8095, on a free port here. */
let business: string
const verity = (...args: string[]) => verityOk(args, { cwd: dir, env })
const run = (...args: string[]) => runVerity(args, { cwd: dir, env })
/**
 * A command the README captures, `X=$(verity …)`: exit 0 and stdout exactly one line, the result
 * (notes go to stderr), as a script needs it.
 */
const captured = async (...args: string[]) => {
  const result = await run(...args)
  assert.equal(result.code, 0, `verity ${args.join(' ')}: ${result.stderr}`)
  assert.match(result.stdout, /^[^\n]+\n$/, `verity ${args.join(' ')} must print one line on stdout, got ${JSON.stringify(result.stdout)}`)
  return result.stdout.trimEnd()
}

before(async () => {
  const [orchestrator, domain, baseLayer, extractor, store, web] = (await freePorts(6)) as [number, number, number, number, number, number]
  business = `http://127.0.0.1:${store}`
  env = {
    VERITY_ORCHESTRATOR_URL: `http://127.0.0.1:${orchestrator}`,
    VERITY_DOMAIN_URL: `http://127.0.0.1:${domain}`,
    VERITY_BASE_LAYER_URL: `http://127.0.0.1:${baseLayer}`,
  }
  up = spawnVerity(
    ['up', '--data-dir', '.verity', '--orchestrator-port', `${orchestrator}`, '--domain-port', `${domain}`, '--base-layer-port', `${baseLayer}`, '--extractor-port', `${extractor}`, '--store-port', `${store}`, '--web-port', `${web}`],
    { cwd: dir },
  )
  let output = ''
  up.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk))
  await new Promise<void>((resolve, reject) => {
    up.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
      if (output.includes('Press Ctrl-C to stop.')) resolve()
    })
    up.once('exit', (code) => reject(new Error(`verity up exited ${code}: ${output}`)))
  })
  assert.match(output, new RegExp(`orchestrator  http://127\\.0\\.0\\.1:${orchestrator} `))
  assert.match(output, /operator key {2}.*\.verity\/keys\/operator\.json/)
  assert.match(output, /Devnet Dollar .*\.verity\/keys\/devnet-dollar\.json {3}\(issuer key of token \w+,1, the one the store accepts\)/)
  assert.match(output, new RegExp(`store {9}${business} {3}\\(demo store, a UCP business`))
  // verity checkout, verity mcp and the spelling warnings find this store through the data directory, without VERITY_STORE_URL.
  assert.equal(storeUrl({}, { VERITY_DATA_DIR: join(dir, '.verity') }), business)
})

after(async () => {
  if (up && up.exitCode === null) {
    const exited = new Promise((resolve) => up.once('exit', resolve))
    up.kill('SIGINT')
    await exited
  }
  rmSync(dir, { recursive: true, force: true })
})

describe('the README tour', { timeout: 900_000 }, () => {
  test('1. an agent buys only what the user allowed', async () => {
    assert.match(await verity('template', 'check', CLOTHING), /^ok: clothing_purchase_guard \(template id \w+\)$/)
    const template = await captured('template', 'push', CLOTHING)
    assert.match(template, /^\w{43,44}$/)

    assert.match(await verity('keygen', '--out', 'user.json'), /owner id: \w+/)
    const intent = await captured('intent', 'create', '--template', template, '--key', 'user.json', ...ATTRS)
    assert.match(intent, /^[0-9a-f-]{36}$/)
    assert.equal(await verity('intent', 'status', intent), 'pending')

    // The agent finds the variant at the demo store through UCP catalog search (as the README's curl does).
    const search = await fetch(`${business}/ucp/catalog/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'ucp-agent': 'profile="https://agent.example/.well-known/ucp"' },
      body: JSON.stringify({ query: 'tee', filters: { options: { Size: 'Medium (M)', Color: 'White' }, price: { max: 2500 } } }),
    })
    const found = (await search.json()) as { products: Array<{ variants: Array<{ id: string }> }> }
    assert.equal(found.products[0]!.variants[0]!.id, 'tee-classic-white-m')

    const metadata = JSON.stringify({ business })
    const proposed = await run('propose', intent, '--solution', 'tee-classic-white-m', '--metadata', metadata, '--wait', '--proof-out', 'proof.json')
    assert.equal(proposed.code, 0, proposed.stderr)
    assert.match(proposed.stdout, new RegExp(`^#\\d+ success  ${intent}  evidence .*"color":"White"`))
    assert.match(proposed.stdout, /"size":"Medium \(M\)"/)
    assert.match(proposed.stderr, /proof written to proof\.json/)

    // Anyone can verify the proof offline: the services are not asked.
    const verified = await runVerity(['verify', 'proof.json'], { cwd: dir })
    assert.equal(verified.code, 0, verified.stdout + verified.stderr)
    assert.match(verified.stdout, new RegExp(`^OK: the proposal for intent ${intent} satisfies its template`))
    assert.match(verified.stdout, /crs ignition/)

    // A proof whose evidence was altered (still within the user's limits) no longer verifies.
    const bundle = readFileSync(join(dir, 'proof.json'), 'utf8')
    assert.match(bundle, /"price_cents":1999/)
    writeFileSync(join(dir, 'tampered.json'), bundle.replace('"price_cents":1999', '"price_cents":1899'))
    const tampered = await runVerity(['verify', 'tampered.json', '--json'], { cwd: dir })
    assert.equal(tampered.code, 1)
    assert.deepEqual(JSON.parse(tampered.stdout), {
      ok: false,
      check: 'attestation',
      reason: "evidence attestation: the attestation's signature does not verify over this extraction (Ed25519 signature does not verify)",
    })

    // A navy polo for men at $34.99: the failure event names each constraint that does not hold.
    const intent2 = await captured('intent', 'create', '--template', template, '--key', 'user.json', ...ATTRS)
    const checked = await run('check', intent2, '--solution', 'polo-pique-navy-m', '--metadata', metadata)
    assert.equal(checked.code, 1, checked.stderr)
    // In words, money as money, numbered once, as the failure event reads (issue 44).
    assert.match(checked.stdout, new RegExp(`^would fail: ${intent2}: 3 constraint\\(s\\) do not hold:\n {4}1\\. Audience: "men", not the "unisex" you asked for\n {4}2\\. Price: \\$34\\.99, above your \\$25\\.00 cap\n {4}3\\. Color: "Navy", not one of "White"\n$`))
    const refused = await run('propose', intent2, '--solution', 'polo-pique-navy-m', '--metadata', metadata, '--wait')
    assert.equal(refused.code, 1)
    assert.equal(refused.stdout, '')
    assert.match(refused.stderr, /^error: not proposed: the dry run \(verity check\) shows this proposal would fail[^]*\n {4}3\. Color: "Navy", not one of "White"\n[^]*pass --force to send it anyway\n$/)
    assert.equal(await verity('intent', 'status', intent2), 'pending')
    const failed = await run('propose', intent2, '--solution', 'polo-pique-navy-m', '--metadata', metadata, '--force', '--wait')
    assert.equal(failed.code, 1)
    assert.match(failed.stdout, new RegExp(`^#\\d+ failure  ${intent2}  3 constraint\\(s\\) failed:`))
    // In words, money as money, numbered once (issue 44); --json keeps the raw failures.
    assert.match(failed.stdout, /:\n {4}1\. Audience: "men", not the "unisex" you asked for\n {4}2\. Price: \$34\.99, above your \$25\.00 cap\n {4}3\. Color: "Navy", not one of "White"\n$/)
    assert.match(await verity('events', '--count', '2'), /^#\d+ success [^]*\n {4}2\. Price: \$34\.99, above your \$25\.00 cap\n/)

    const events = (await verity('events', '--json', '--count', '2')).split('\n').map((line) => JSON.parse(line) as Record<string, unknown>)
    assert.deepEqual(events.map((e) => [e.type, e.intent_id]), [['success', intent], ['failure', intent2]])
    assert.deepEqual((events[1]!.constraint_failures as Array<{ index: number }>).map((f) => f.index), [3, 4, 5])
    assert.match((events[1]!.constraint_failures as Array<{ reason: string }>)[1]!.reason, /^evidence\.price_cents <= intent\.max_price_cents evaluated to false/)

    // The extractor's own demo catalog: a `catalog:` solution needs no business.
    const intent3 = await captured('intent', 'create', '--template', template, '--key', 'user.json', ...CATALOG_ATTRS)
    const fromCatalog = await run('propose', intent3, '--solution', 'catalog:tee-classic-white-m', '--wait')
    assert.equal(fromCatalog.code, 0, fromCatalog.stderr)
    assert.match(fromCatalog.stdout, new RegExp(`^#\\d+ success  ${intent3}  evidence .*"size":"M"`))
  })

  test('the proof bundle resists tampering (verifyProofBundle in process)', async () => {
    const bundle = parseJsonBigint(readFileSync(join(dir, 'proof.json'), 'utf8')) as Record<string, any>
    const prover = createProver({ workers: 1 })
    const check = async (change: (b: Record<string, any>) => void) => {
      const copy = structuredClone(bundle)
      change(copy)
      return verifyProofBundle(copy, { verifier: prover })
    }
    try {
      assert.equal((await check(() => {})).ok, true)
      const bytes = Buffer.from(bundle.proof.artifact.proof, 'base64')
      bytes.writeUInt8(bytes.readUInt8(100) ^ 1, 100)
      assert.deepEqual(await check((b) => (b.proof.artifact.proof = bytes.toString('base64'))), { ok: false, reason: 'proof rejected: the proof does not verify', check: 'proof' })
      assert.deepEqual(await check((b) => (b.signed_intent.intent.attrs.fields.max_price_cents = 2600)), {
        ok: false,
        reason: 'the intent signature does not verify over the intent',
        check: 'signature',
      })
      assert.match(((await check((b) => (b.template.id = b.signed_intent.intent.policy_id.replace(/.$/, 'x')))) as { reason: string }).reason, /is not the hash of the compiled template/)
      assert.match(((await check((b) => (b.evidence.color = 'Navy'))) as { reason: string }).reason, /^constraint \[5\] does not hold/)
      assert.match(((await check((b) => (b.proof.salt = '1'))) as { reason: string }).reason, /proof\.salt is not the salt derived from the attestation/)
      assert.match(((await check((b) => {
        b.proof.attestation_salt_nonce = '11111111111111111111111111111111'
        delete b.proof.salt
      })) as { reason: string }).reason, /public input 2 \(evidence commitment\).*not bound to this attestation/)
      // The README's template is proven on the small tier; a verifier with another version of it refuses.
      const otherCircuit = await verifyProofBundle(bundle, { verifier: prover, circuitHashes: { policy_small: '0'.repeat(64), policy: '0'.repeat(64) } })
      assert.match((otherCircuit as { reason: string }).reason, /^the proof was made with another version of the policy_small circuit/)
      const unknownCircuit = await verifyProofBundle(bundle, { verifier: prover, circuitHashes: { policy: '0'.repeat(64) } })
      assert.match((unknownCircuit as { reason: string }).reason, /^the proof names circuit "policy_small", which this verifier does not have/)
      // A fresh devnet proves on Aztec's Ignition CRS: a production verifier accepts it.
      const production = await verifyProofBundle(bundle, { verifier: prover, production: true })
      assert.equal(production.ok, true, (production as { reason?: string }).reason)
      assert.match(((await check((b) => (b.template.source = 'name other\nrequires { 1 == 1; }'))) as { reason: string }).reason, /template\.source/)
    } finally {
      await prover.close()
    }
  })

  test('2. mint, transfer and settle', async () => {
    await verity('keygen', '--out', 'issuer.json')
    await verity('keygen', '--out', 'alice.json')
    const operator = await captured('address', '.verity/keys/operator.json', '--shard', '1')
    const token = await captured('address', 'issuer.json', '--shard', '1')
    const alice = await captured('address', 'alice.json', '--shard', '1')
    assert.equal(await verity('mint', '--key', 'issuer.json', '--name', 'Demo Dollar', '--symbol', 'DMD', '--amount', '100', '--to', operator), `minted 100 of token ${token} to ${operator}`)
    assert.equal(await verity('transfer', '--key', '.verity/keys/operator.json', '--token', token, '--amount', '33', '--to', alice), `sent 33 of ${token} to ${alice}`)
    const local = JSON.parse(await verity('vault', 'show', 'alice.json', '--json'))
    assert.equal(local.vault.data.TokenHoldings.fungibles[token], 33)

    const sdl = await captured('sdl', 'submit')
    assert.match(sdl, /^\w{43,44}$/)
    const proven = await run('sdl', 'prove', sdl)
    assert.equal(proven.code, 0, proven.stderr)
    assert.equal(proven.stdout, `${sdl}  Proven\n`)
    assert.match(proven.stderr, /Proving …/)
    const settled = await run('sdl', 'settle', sdl)
    assert.equal(settled.code, 0, settled.stderr)
    assert.equal(settled.stdout, `${sdl}  BaseLayerApplied\n`)
    assert.match(await verity('sdl', 'list'), new RegExp(`^${sdl}  BaseLayerApplied$`, 'm'))
    const finalized = JSON.parse(await verity('vault', 'show', 'alice.json', '--finalized', '--json'))
    assert.equal(finalized.finalized, true)
    assert.equal(finalized.vault.data.TokenHoldings.fungibles[token], 33)
  })

  test('3. the proof pays: once, from the user to the store, then settled', async () => {
    const usd = await captured('address', '.verity/keys/devnet-dollar.json', '--shard', '1')
    const user = await captured('address', 'user.json', '--shard', '1')
    await verity('mint', '--key', '.verity/keys/devnet-dollar.json', '--name', 'Devnet Dollar', '--symbol', 'USD', '--amount', '100000', '--to', user)
    assert.match(await verity('template', 'check', PAYABLE), /\npayable: a proof of it authorizes one payment of evidence\.price_cents of intent\.payment_token to evidence\.payee\nagents: its intents must name their agents \(verity intent create --agent KEY\): whoever proposes chooses what is bought/)
    const template = await captured('template', 'push', PAYABLE)
    const deadline = `payment_deadline_ms=${Date.now() + 3_600_000}`
    assert.match(await verity('keygen', '--out', 'agent.json'), /owner id: \w+/)
    const intent = await captured('intent', 'create', '--template', template, '--key', 'user.json', '--agent', 'agent.json', '--attr', 'acceptable_categories=["t-shirt"]', '--attr', 'size=Medium (M)', '--attr', 'max_price_cents=2500', '--attr', `payment_token=${usd}`, '--attr', deadline)
    const unsigned = await run('propose', intent, '--solution', 'tee-classic-white-m', '--metadata', JSON.stringify({ business }))
    assert.equal(unsigned.code, 1)
    assert.match(unsigned.stderr, /→ 401: intent .* names its agents: the proposal must carry agent_authorization, signed by one of them/)
    const proposed = await run('propose', intent, '--key', 'agent.json', '--solution', 'tee-classic-white-m', '--metadata', JSON.stringify({ business }), '--wait', '--proof-out', 'paid.json')
    assert.equal(proposed.code, 0, proposed.stderr)
    const store = await captured('address', '.verity/keys/store.json', '--shard', '1')
    assert.match(await verity('pay', intent), new RegExp(`^paid \\$19\\.99 USD \\(1999\\) from ${user} to ${store} \\(intent ${intent}; token Devnet Dollar ${usd}\\)`))
    assert.match(await verity('vault', 'show', 'user.json'), new RegExp(`\\nUSD {4}Devnet Dollar  \\$980\\.01 USD  98001  ${usd}$`))
    const again = await run('pay', intent)
    assert.equal(again.code, 1)
    assert.match(again.stderr, /409: transaction 0: mandate payment refused \(MANDATE_ALREADY_PAID\)/)
    assert.equal(JSON.parse(await verity('vault', 'show', 'user.json', '--json')).vault.data.TokenHoldings.fungibles[usd], 98_001)
    assert.equal(JSON.parse(await verity('vault', 'show', '.verity/keys/store.json', '--json')).vault.data.TokenHoldings.fungibles[usd], 1999)

    const sdl = await captured('sdl', 'submit')
    assert.equal((await run('sdl', 'prove', sdl)).code, 0)
    assert.equal((await run('sdl', 'settle', sdl)).stdout, `${sdl}  BaseLayerApplied\n`)
    // Proving a settled SDL again: it is proven, so exit 0, with a note on stderr.
    const reproven = await run('sdl', 'prove', sdl)
    assert.deepEqual([reproven.code, reproven.stdout], [0, `${sdl}  BaseLayerApplied\n`], reproven.stderr)
    assert.match(reproven.stderr, new RegExp(`^note: ${sdl} was already proven; it is BaseLayerApplied\n$`))
    const finalized = JSON.parse(await verity('vault', 'show', '.verity/keys/store.json', '--finalized', '--json'))
    assert.equal(finalized.vault.data.TokenHoldings.fungibles[usd], 1999)
  })

  test('3. buy it: a checkout the proof covers, the order placed after the payment of its total', async () => {
    const usd = await captured('address', '.verity/keys/devnet-dollar.json', '--shard', '1')
    const store = await captured('address', '.verity/keys/store.json', '--shard', '1')
    const template = await captured('template', 'push', CHECKOUT)
    const deadline = `payment_deadline_ms=${Date.now() + 3_600_000}`
    const intent = await captured('intent', 'create', '--template', template, '--key', 'user.json', '--agent', 'agent.json', '--attr', 'acceptable_categories=["t-shirt"]', '--attr', 'size=Medium (M)', '--attr', 'max_price_cents=4000', '--attr', `payment_token=${usd}`, '--attr', deadline, '--attr', `allowed_payees=["${store}"]`)
    const address = ['--email', 'ada@example.com', '--first-name', 'Ada', '--last-name', 'Lovelace', '--street', '1 Main St', '--city', 'Springfield', '--region', 'IL', '--postal-code', '62704', '--country', 'US']
    const bought = await run('checkout', intent, '--agent-key', 'agent.json', '--item', 'tee-classic-white-m', '--business', business, ...address)
    assert.equal(bought.code, 0, bought.stderr)
    assert.match(bought.stderr, /opened checkout \S+ \(incomplete\)/)
    // The order as money, its item, where it ships, and a page a person can open (the web wallet's intent page).
    assert.match(
      bought.stdout,
      new RegExp(
        `^order order_\\S+ placed at ${business}: paid \\$24\\.99 USD to ${store} with intent ${intent}'s mandate payment\n` +
          `  1 × .+  \\$19\\.99 USD\n  shipping \\$5\\.00 USD · tax \\$0\\.00 USD · total \\$24\\.99 USD\n  ships to Ada Lovelace, 1 Main St, Springfield, IL 62704, US\n` +
          `  follow it: http://\\S+/intents/${intent} \\(the web wallet's intent page: proof, payment, settlement\\)\n$`,
      ),
    )
    assert.equal(JSON.parse(await verity('vault', 'show', '.verity/keys/store.json', '--json')).vault.data.TokenHoldings.fungibles[usd], 1999 + 2499)
  })

  test('the clients raise typed errors with status, code and index', async () => {
    const orchestrator = new OrchestratorClient(env.VERITY_ORCHESTRATOR_URL!)
    await assert.rejects(orchestrator.getProof(randomUUID()), (error) => {
      assert.ok(error instanceof ApiError)
      assert.equal(error.status, 404)
      assert.equal(typeof error.serverCode, 'string')
      return true
    })
    const domain = new DomainClient(env.VERITY_DOMAIN_URL!)
    const alice = loadSigner(join(dir, 'alice.json'))
    assert.equal(await domain.nextNonce(alice.ownerId), 1n)
    const stale = signVerifiable(alice, 'DebitAllowance', { new_nonce: 7n, debited_shard: 1, credited: `${alice.ownerId},1`, allowances: { native: { Fungible: 1n } } })
    await assert.rejects(domain.execute([stale]), (error) => {
      assert.ok(error instanceof ApiError)
      assert.equal(error.status, 409)
      assert.equal(error.index, 0)
      return true
    })
    assert.equal(await domain.getVault(Ed25519Signer.generate().ownerId), null)
    const [port] = await freePorts(1)
    await assert.rejects(new DomainClient(`http://127.0.0.1:${port}`).listSdls(), ServiceUnreachableError)
  })

  test('Ctrl-C stops the devnet cleanly', async () => {
    const exited = new Promise<number | null>((resolve) => up.once('exit', resolve))
    up.kill('SIGINT')
    assert.equal(await exited, 0)
  })
})
