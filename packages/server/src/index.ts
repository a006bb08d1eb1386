export { assertBindAllowed } from './bind/assertBindAllowed.ts'
export { isLoopbackHost } from './bind/isLoopbackHost.ts'
export { authorizeRequests, type AuthorizeRequestsOptions } from './auth/authorizeRequests.ts'
export { readBearerToken, type BearerReading } from './auth/readBearerToken.ts'
export { routeKey, type RouteScopes } from './auth/RouteScopes.ts'
export { TokenInvalidError, TokenRequiredError, TokenScopeError } from './errors/authErrors.ts'
export { TokenConfigError, UnsafeBindError } from './errors/configErrors.ts'
export { httpStatusByServerCode } from './errors/httpStatusByServerCode.ts'
export { ClientConnectionsExceededError, RateLimitedError } from './errors/limitErrors.ts'
export { ClientConnectionCounter } from './limits/ClientConnectionCounter.ts'
export { limitMutatingRequests, MUTATING_METHODS, type RateLimitSettings } from './limits/limitMutatingRequests.ts'
export {
  CONNECTION_IDLE_TIMEOUT_MS_DEFAULT,
  HEADERS_TIMEOUT_MS_DEFAULT,
  KEEP_ALIVE_TIMEOUT_MS_DEFAULT,
  RATE_LIMIT_CLIENTS_MAX,
  RATE_LIMIT_MAX_DEFAULT,
  RATE_LIMIT_WINDOW_MS_DEFAULT,
  REQUEST_TIMEOUT_MS_DEFAULT,
  TOKEN_CHARS_MAX,
  TOKEN_CHARS_MIN,
} from './limits.ts'
export { LOG_REDACT_PATHS } from './logRedaction.ts'
export { applyServerTimeouts, SERVER_TIMEOUTS_DEFAULT, type ServerTimeouts } from './timeouts/applyServerTimeouts.ts'
export { generateToken, TOKEN_PREFIX } from './tokens/generateToken.ts'
export { hashToken, hashTokenHex } from './tokens/hashToken.ts'
export { ADMIN_TOKEN_ENV, loadTokenRegistry, type TokenSources } from './tokens/loadTokenRegistry.ts'
export { parseTokenEntries, type ParsedTokenEntry, type TokenEntry } from './tokens/parseTokenEntries.ts'
export { readTokensFile } from './tokens/readTokensFile.ts'
export { selectClientToken } from './tokens/selectClientToken.ts'
export { TokenRegistry, type HashedToken, type TokenIdentity } from './tokens/TokenRegistry.ts'
export { isTokenScope, scopeSatisfies, TOKEN_SCOPES, type TokenScope } from './tokens/TokenScope.ts'
export { ensurePrivateDirectory, PRIVATE_DIRECTORY_MODE, SECRET_FILE_MODE, writeTokensFile } from './tokens/writeTokensFile.ts'
export { loadOrCreateKeyFile } from './keys/loadOrCreateKeyFile.ts'
export { ServiceMetrics, DURATION_BUCKETS_SECONDS } from './metrics/ServiceMetrics.ts'
export { exposeMetrics, METRICS_ROUTE } from './metrics/exposeMetrics.ts'
export { httpEdge, type HttpEdgeOptions } from './edge/httpEdge.ts'
export { createErrorHandler, type EdgeErrorCode, type ErrorMapping } from './edge/createErrorHandler.ts'
export { defaultErrorBody, INTERNAL_FAILURE, type EdgeFailure } from './edge/EdgeFailure.ts'
export type { ErrorCodesOf } from './edge/ErrorCodesOf.ts'
export { compileRequestValidator } from './edge/compileRequestValidator.ts'
export { isI64, isU64, openApiIntegers } from './edge/integerKeywords.ts'
export { OPENAPI_ROUTE, SWAGGER_UI_PREFIX, type OpenApiInfo, type OpenApiSource } from './edge/registerOpenApi.ts'
export { UnsupportedMediaTypeError } from './errors/requestErrors.ts'
export type { DecodeBody } from './edge/decodeBodyConfig.ts'
export type { ServiceOption, ServiceOptionKind, ServiceOptions, ServiceOptionValue, ServiceOptionValues } from './config/ServiceOption.ts'
export { readServiceOptions, type ReadServiceOptionsParameters, type ReadServiceOptionsReturnType } from './config/readServiceOptions.ts'
export { optionEnvName } from './config/optionEnvName.ts'
export { optionsTableMarkdown } from './config/optionsTableMarkdown.ts'
export { exposeReadiness, READINESS_ROUTE, type ExposeReadinessOptions } from './readiness/exposeReadiness.ts'
