/**
 * The variable of a service's option: VERITY_<SERVICE>_<FLAG>, upper snake case
 * (`orchestrator`, `intent-ttl-ms` → VERITY_ORCHESTRATOR_INTENT_TTL_MS). The service is in the name
 * because `verity up` runs every service in one process, under one environment.
 */
export function optionEnvName(service: string, flag: string): string {
  return `VERITY_${service}_${flag}`.toUpperCase().replaceAll('-', '_')
}
