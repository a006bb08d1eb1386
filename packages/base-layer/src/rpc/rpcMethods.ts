// The JSON-RPC methods of the base layer: each checks its params, calls the node and returns the
// wire result (bigints stay bigints; the transport writes them as JSON integers).
import { parseAddress } from '@verity/core'
import { limits as ledgerLimits } from '@verity/ledger'
import { InvalidParamsError } from '../errors/requestErrors.ts'
import { AGREEMENT_GUARDRAILS_MAX, PROGRAM_ID_CHARS_MAX, CREDITS_PULL_LIMIT_DEFAULT, CREDITS_PULL_LIMIT_MAX } from '../limits.ts'
import type { BaseLayerNode } from '../node/BaseLayerNode.ts'
import {
  readArray,
  readBigint,
  readHashDigest,
  readParamsObject,
  readPresent,
  readShard,
  readString,
  refuseUnknownParams,
  type Params,
} from './readParams.ts'

const U64_MAX = ledgerLimits.U64_MAX

/** The names of the methods, as sent in `method`. */
export const baseLayerMethods = [
  'getAgreement',
  'submitAgreement',
  'submitSdl',
  'getSdlStatus',
  'pullCredits',
  'getVault',
  'getShard',
  'getAccount',
] as const

export type BaseLayerMethod = (typeof baseLayerMethods)[number]

type MethodHandler = (node: BaseLayerNode, params: Params) => unknown

const handlers: Record<BaseLayerMethod, { params: readonly string[]; handle: MethodHandler }> = {
  getAgreement: {
    params: ['shard'],
    handle: (node, params) => node.getAgreement(readShard('getAgreement', params)),
  },
  submitAgreement: {
    params: ['shard', 'guardrail_program_ids', 'guardrails', 'nonce', 'signature'],
    handle: (node, params) => {
      const method = 'submitAgreement'
      const programIds = readArray(method, params, 'guardrail_program_ids', AGREEMENT_GUARDRAILS_MAX)
      for (const [index, id] of programIds.entries())
        if (typeof id !== 'string' || id.length === 0 || id.length > PROGRAM_ID_CHARS_MAX)
          throw new InvalidParamsError({ method, field: `guardrail_program_ids[${index}]`, reason: `expected a string of 1 to ${PROGRAM_ID_CHARS_MAX} characters` })
      if (new Set(programIds).size !== programIds.length)
        throw new InvalidParamsError({ method, field: 'guardrail_program_ids', reason: 'duplicate program id' })
      return node.submitAgreement({
        shard: readShard(method, params),
        guardrail_program_ids: programIds as string[],
        // checked by submitAgreement (readAgreementGuardrails), for in-process callers too
        ...(params.guardrails === undefined ? {} : { guardrails: params.guardrails as never }),
        nonce: readBigint(method, params, 'nonce', 1n, U64_MAX),
        signature: readPresent(method, params, 'signature') as never,
      })
    },
  },
  submitSdl: {
    params: ['content', 'proofs', 'signature', 'hash'],
    handle: (node, params) => {
      const method = 'submitSdl'
      return node.submitSdl({
        content: readPresent(method, params, 'content'),
        proofs: readPresent(method, params, 'proofs'),
        signature: readPresent(method, params, 'signature'),
        hash: params.hash === undefined ? undefined : readHashDigest(method, params, 'hash'),
      })
    },
  },
  getSdlStatus: {
    params: ['hash'],
    handle: (node, params) => node.getSdlStatus(readHashDigest('getSdlStatus', params, 'hash')),
  },
  pullCredits: {
    params: ['shard', 'cursor', 'limit'],
    handle: (node, params) => {
      const method = 'pullCredits'
      const cursor = params.cursor === undefined ? 0n : readBigint(method, params, 'cursor', 0n, U64_MAX)
      const limit = params.limit === undefined ? CREDITS_PULL_LIMIT_DEFAULT : Number(readBigint(method, params, 'limit', 1n, BigInt(CREDITS_PULL_LIMIT_MAX)))
      return node.pullCredits(readShard(method, params), cursor, limit)
    },
  },
  getVault: {
    params: ['address'],
    handle: (node, params) => {
      const address = readString('getVault', params, 'address', 128)
      try {
        parseAddress(address)
      } catch (error) {
        throw new InvalidParamsError({ method: 'getVault', field: 'address', reason: (error as Error).message })
      }
      return node.getVault(address)
    },
  },
  getShard: {
    params: ['shard'],
    handle: (node, params) => node.getShard(readShard('getShard', params)),
  },
  getAccount: {
    params: ['owner_id'],
    handle: (node, params) => node.getAccount(readHashDigest('getAccount', params, 'owner_id')),
  },
}

/** True when `method` names a base-layer method. */
export function isBaseLayerMethod(method: string): method is BaseLayerMethod {
  return Object.hasOwn(handlers, method)
}

/** Checks `params` for `method` and runs it on `node`; resolves to the wire result. */
export async function callBaseLayerMethod(node: BaseLayerNode, method: BaseLayerMethod, params: unknown): Promise<unknown> {
  const handler = handlers[method]
  const object = readParamsObject(method, params)
  refuseUnknownParams(method, object, handler.params)
  return await handler.handle(node, object)
}
