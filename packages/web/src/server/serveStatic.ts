import { createReadStream, existsSync, statSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { extname, join, normalize, sep } from 'node:path'

const CONTENT_TYPES: Readonly<Record<string, string>> = Object.freeze({
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
})

/** The pages: each stable URL answers the app's index.html, which routes on the path. */
export const PAGE_PATHS: readonly RegExp[] = Object.freeze([/^\/$/, /^\/explorer$/, /^\/intents\/[A-Za-z0-9-]{1,64}$/])

/**
 * Sends the file at `urlPath` under `distDir` (the Vite build), or returns false when there is
 * none. Paths are normalised and must stay inside `distDir`. Hashed assets are cached for a
 * year; index.html is revalidated on every load.
 */
export function serveStatic(response: ServerResponse, distDir: string, urlPath: string): boolean {
  const relative = PAGE_PATHS.some((page) => page.test(urlPath)) ? 'index.html' : decodeURIComponent(urlPath).replace(/^\/+/, '')
  const path = normalize(join(distDir, relative))
  if (!path.startsWith(normalize(distDir) + sep) || !existsSync(path) || !statSync(path).isFile()) return false
  const isHashedAsset = relative.startsWith('assets/')
  response.writeHead(200, {
    'content-type': CONTENT_TYPES[extname(path)] ?? 'application/octet-stream',
    'content-length': statSync(path).size,
    'cache-control': isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
  })
  createReadStream(path).pipe(response)
  return true
}
