// Every scenario of the chaos suite, in the order the runner plays them.
import type { ChaosScenario } from './ChaosScenario.ts'
import { domainKillUnderTransfers } from './scenarios/domainKillUnderTransfers.ts'
import { httpFuzzEveryRoute } from './scenarios/httpFuzzEveryRoute.ts'
import { proposalRaceAcrossInstances } from './scenarios/proposalRaceAcrossInstances.ts'
import { sdlSubmitRace } from './scenarios/sdlSubmitRace.ts'
import { postgresRestartUnderServices } from './scenarios/postgresRestartUnderServices.ts'
import { fullDisk } from './scenarios/fullDisk.ts'
import { baseLayerKillDuringSettlement } from './scenarios/baseLayerKillDuringSettlement.ts'
import { orchestratorKillWhileProving } from './scenarios/orchestratorKillWhileProving.ts'
import { mandateDoublePayUnderKills } from './scenarios/mandateDoublePayUnderKills.ts'

export const CHAOS_SCENARIOS: readonly ChaosScenario[] = [orchestratorKillWhileProving, domainKillUnderTransfers, baseLayerKillDuringSettlement, postgresRestartUnderServices, httpFuzzEveryRoute, proposalRaceAcrossInstances, sdlSubmitRace, fullDisk, mandateDoublePayUnderKills]
