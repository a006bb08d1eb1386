// Public API of @verity/web (the server side; the pages are built by Vite from src/app). Re-exports only.
export { startWebServer, WEB_DIST_DIR, WEB_TEMPLATES_DIR_DEFAULT, type RunningWebServer, type WebServerOptions } from './server/startWebServer.ts'
export { PROXY_ROUTES, type ProxyRoute } from './server/proxyRoutes.ts'
export { loadVerifierAssets, type VerifierAssets } from './server/loadVerifierAssets.ts'
export * as webLimits from './limits.ts'
