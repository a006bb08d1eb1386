/**
 * Headers on every answer of the web server. Cross-origin isolation (COOP same-origin + COEP
 * require-corp) gives the page SharedArrayBuffer, which bb.js needs for its threads. The content
 * security policy allows only this origin: scripts from the build, bb.js's wasm and its blob:
 * workers, fetches to the server's own /api (the proxy), nothing from elsewhere.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'content-security-policy': [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval' blob:",
    "worker-src 'self' blob:",
    "connect-src 'self' blob: data:",
    "img-src 'self' data:",
    "style-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
})
