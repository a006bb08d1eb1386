// The operator's Ed25519 key: a key file holding a JSON string of the base58 32-byte secret key.
// With an embedded base layer a missing file is generated (the embedded genesis funds it); with
// a remote base layer it must exist, since the key has to be funded there beforehand.
import { existsSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { Ed25519Signer, InvalidOptionError } from '@verity/core'
import { PRIVATE_DIRECTORY_MODE } from '@verity/server'

export function loadOperatorKey(path: string, options: { inline?: string; generateWhenMissing: boolean; log: { info(o: object, m: string): void } }): Ed25519Signer {
  if (options.inline !== undefined && !existsSync(path)) return Ed25519Signer.fromSecretKeyBase58(options.inline)
  if (!existsSync(path)) {
    if (!options.generateWhenMissing) throw new InvalidOptionError({ option: path, reason: 'the operator key file does not exist (it must hold a key funded on the base layer)' })
    const signer = Ed25519Signer.generate()
    mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIRECTORY_MODE })
    signer.toKeyFile(path)
    options.log.info({ path, operator: signer.ownerId }, 'generated an operator key for the embedded base layer')
    return signer
  }
  return Ed25519Signer.fromKeyFile(path)
}
