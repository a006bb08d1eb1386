import { join } from 'node:path'
import { Ed25519Signer } from '@verity/core'
import { verityOk, type RunningStack } from '@verity/cli'

/** What the CLI of a test devnet needs to reach it (as `verity up` users set it). */
export function devnetEnv(stack: RunningStack): Record<string, string> {
  return { VERITY_DOMAIN_URL: stack.domain.url, VERITY_BASE_LAYER_URL: stack.baseLayer.url, VERITY_ORCHESTRATOR_URL: stack.orchestrator.url, VERITY_TOKENS_FILE: stack.tokensPath }
}

/**
 * Through the CLI, as the README tour does: a new issuer mints 100 of a new token to the devnet's
 * operator, who sends 33 to a new vault, alice (keys written under `dataDir`). Returns alice's address
 * and the token id. The transfer is applied locally, not settled.
 */
export async function sendTokensToAlice(stack: RunningStack, dataDir: string, token: { name: string; symbol: string }): Promise<{ aliceAddress: string; token: string }> {
  const env = devnetEnv(stack)
  const alice = join(dataDir, 'alice.json')
  Ed25519Signer.generate().toKeyFile(alice)
  const aliceAddress = await verityOk(['address', alice, '--shard', '1'], { env })
  const issuer = join(dataDir, 'issuer.json')
  Ed25519Signer.generate().toKeyFile(issuer)
  const operatorAddress = await verityOk(['address', stack.operatorKeyPath, '--shard', '1'], { env })
  const tokenId = await verityOk(['address', issuer, '--shard', '1'], { env })
  await verityOk(['mint', '--key', issuer, '--name', token.name, '--symbol', token.symbol, '--amount', '100', '--to', operatorAddress], { env })
  await verityOk(['transfer', '--key', stack.operatorKeyPath, '--token', tokenId, '--amount', '33', '--to', aliceAddress], { env })
  return { aliceAddress, token: tokenId }
}
