import { VerityError } from '@verity/core'

/** A tokens file or token setting is unreadable or malformed; the service does not start. */
export class TokenConfigError extends VerityError {
  readonly code = 'TOKEN_CONFIG_INVALID'
  constructor(readonly fields: { source: string; reason: string }) {
    super(`${fields.source}: ${fields.reason}`)
  }
}

/** A service was asked to listen on a non-loopback address without any token configured. */
export class UnsafeBindError extends VerityError {
  readonly code = 'UNSAFE_BIND'
  constructor(readonly fields: { service: string; host: string }) {
    super(
      `${fields.service}: refusing to listen on ${fields.host} (reachable from other machines) without operator tokens. ` +
        'Configure tokens (--tokens-file FILE, or VERITY_ADMIN_TOKEN; see docs/security.md) or listen on 127.0.0.1',
    )
  }
}
