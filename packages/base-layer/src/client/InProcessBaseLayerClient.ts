import { parseJsonBigint, stringifyJsonBigint } from '@verity/core'
import { BaseLayerRpcError } from '../errors/clientErrors.ts'
import type { BaseLayerNode } from '../node/BaseLayerNode.ts'
import { rpcErrorOf } from '../rpc/rpcErrorOf.ts'
import { callBaseLayerMethod, type BaseLayerMethod } from '../rpc/rpcMethods.ts'
import { RpcBaseLayerClient } from './RpcBaseLayerClient.ts'

/**
 * A `BaseLayerClient` over a node in the same process. Params and results pass through JSON
 * exactly as over HTTP (stringify, parse), through the same method table, and errors become the
 * same `BaseLayerRpcError`s, so swapping it for `HttpBaseLayerClient` changes nothing but the
 * transport. Closing the client does not close the node (its owner does).
 */
export class InProcessBaseLayerClient extends RpcBaseLayerClient {
  constructor(readonly node: BaseLayerNode) {
    super()
  }

  protected async call(method: BaseLayerMethod, params: Record<string, unknown>): Promise<unknown> {
    let result: unknown
    try {
      result = await callBaseLayerMethod(this.node, method, parseJsonBigint(stringifyJsonBigint(params)))
    } catch (error) {
      const rpcError = rpcErrorOf(error)
      if (rpcError.data?.code === 'INTERNAL_ERROR') throw error
      throw new BaseLayerRpcError({ method, rpcCode: rpcError.code, code: rpcError.data?.code ?? 'SERVER_ERROR', message: rpcError.message })
    }
    return parseJsonBigint(stringifyJsonBigint(result ?? null))
  }

  async close(): Promise<void> {}
}
