import type { Command } from '../Command.ts'
import { addressCommand, keygenCommand, ownerIdCommand } from './keys.ts'
import { baseLayerCommand, domainCommand, domainWorkerCommand, extractorCommand, orchestratorCommand, storeCommand } from './services.ts'
import { templateCheckCommand, templateEvalCommand, templateFmtCommand, templateIdCommand } from './template.ts'
import { upCommand } from './up.ts'
import { upgradeCommand } from './upgrade.ts'
import { verifyCommand } from './verify.ts'
import { webCommand } from './web.ts'
import { mcpCommand } from './mcp.ts'
import { checkCommand } from './check.ts'
import { crsCheckCommand } from './crs.ts'
import { deployContractsCommand } from './deployContracts.ts'
import { settlementShowCommand } from './settlementShow.ts'
import { settlementAbandonCommand } from './settlementAbandon.ts'
import { mintCommand } from './mint.ts'
import { nftCreateCommand, nftMintCommand } from './nft.ts'
import { sdlListCommand, sdlProveCommand, sdlSettleCommand, sdlSubmitCommand } from './sdl.ts'
import { transferCommand } from './transfer.ts'
import { payCommand } from './pay.ts'
import { checkoutCommand } from './checkout.ts'
import { nonceCommand, vaultShowCommand } from './vault.ts'
import { eventsCommand, intentCreateCommand, intentShowCommand, intentStatusCommand, proofGetCommand, proposeCommand, templatePushCommand } from './orchestratorCommands.ts'

/** Every `verity` command, in the order `verity --help` lists them. */
export const commands: readonly Command[] = [
  upCommand,
  upgradeCommand,
  orchestratorCommand,
  domainCommand,
  domainWorkerCommand,
  baseLayerCommand,
  extractorCommand,
  storeCommand,
  keygenCommand,
  ownerIdCommand,
  addressCommand,
  templateCheckCommand,
  templateFmtCommand,
  templateIdCommand,
  templateEvalCommand,
  templatePushCommand,
  intentCreateCommand,
  intentShowCommand,
  intentStatusCommand,
  checkCommand,
  proposeCommand,
  eventsCommand,
  proofGetCommand,
  verifyCommand,
  crsCheckCommand,
  deployContractsCommand,
  settlementShowCommand,
  settlementAbandonCommand,
  mintCommand,
  transferCommand,
  payCommand,
  checkoutCommand,
  nftCreateCommand,
  nftMintCommand,
  vaultShowCommand,
  nonceCommand,
  sdlSubmitCommand,
  sdlProveCommand,
  sdlSettleCommand,
  sdlListCommand,
  mcpCommand,
  webCommand,
]
