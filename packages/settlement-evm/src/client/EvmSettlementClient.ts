// The VeritySettlement contract through viem: agreements, settled SDLs and settlement with
// confirmations. A settlement is sent at most once per attempt and the contract refuses replays
// (SdlAlreadySettled), so a retry after a dropped, reverted or unanswered transaction can never
// settle an SDL twice; an SDL the chain already holds is reported settled, not sent again. An SDL
// of more batch proofs than one transaction verifies settles in parts (settleSdlPart), resumed from
// the part the contract holds pending, so a restart between parts continues where the chain stands.
import { createPublicClient, createWalletClient, http, parseEventLogs, TransactionReceiptNotFoundError, WaitForTransactionReceiptTimeoutError, type Account, type Address, type Hex, type PublicClient, type WalletClient } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { veritySettlementAbi } from '../contracts/veritySettlementAbi.ts'
import { ChainMismatchError, ContractMissingError, EvmUnavailableError, SettlementPendingError, SettlementRevertError } from '../errors/evmSettlementErrors.ts'
import { CONFIRMATION_WAIT_MS_DEFAULT, EVM_POLL_INTERVAL_MS, EVM_RPC_TIMEOUT_MS, SETTLE_ATTEMPTS_MAX, SETTLE_BATCHES_PER_TX_MAX, SETTLE_GAS_MAX } from '../limits.ts'
import { decodeSettlementRevert } from './decodeSettlementRevert.ts'
import { evmChain } from './evmChain.ts'

export type EvmSettlementClientOptions = {
  rpcUrl: string
  chainId: number
  /** the VeritySettlement contract */
  contract: Address
  /** the operator's EVM account key, 0x + 64 hex */
  privateKey: Hex
  /** blocks on top of the settling one's (1: included) before a settlement counts */
  confirmations: number
  confirmationWaitMs?: number
  pollIntervalMs?: number
  /** batch proofs per settlement transaction, 1 to SETTLE_BATCHES_PER_TX_MAX (the default): fewer for a chain with a lower gas limit per transaction */
  batchesPerTransaction?: number
}

export type EvmAgreement = { operator: Address; operatorOwnerId: Hex; registeredBlock: bigint }
export type SettledSdl = { shard: number; sequence: bigint; blockNumber: bigint; rootAfter: Hex; confirmations: bigint }
/** One batch proof as the contract takes it: ops hash, root after, proof bytes (Keccak UltraHonk). */
export type SettlementBatch = { opsHash: Hex; rootAfter: Hex; proof: Hex }
export type SettleSdlParameters = { shard: number; sdlHash: Hex; rootBefore: Hex; batches: readonly SettlementBatch[] }
/** `txHash`: the transaction that settled it (its last part), null when it was already settled; `gasUsed`: of the transactions this call sent (every part), null when none. */
export type SettleSdlResult = SettledSdl & { txHash: Hex | null; gasUsed: bigint | null }
/** The SDL a shard holds pending (settling in parts): its hash (zero when none), the state its verified batches end at, the next batch's index. */
export type PendingSdl = { sdlHash: Hex; state: Hex; nextBatch: bigint }
type Sent = { txHash: Hex; gasUsed: bigint }

export class EvmSettlementClient {
  readonly account: Account
  readonly #options: EvmSettlementClientOptions
  readonly #public: PublicClient
  readonly #wallet: WalletClient
  readonly #batchesPerTransaction: number

  private constructor(options: EvmSettlementClientOptions) {
    const perTransaction = options.batchesPerTransaction ?? SETTLE_BATCHES_PER_TX_MAX
    if (!Number.isInteger(perTransaction) || perTransaction < 1 || perTransaction > SETTLE_BATCHES_PER_TX_MAX)
      throw new RangeError(`batchesPerTransaction must be an integer from 1 to ${SETTLE_BATCHES_PER_TX_MAX}, got ${perTransaction}`)
    this.#options = options
    this.#batchesPerTransaction = perTransaction
    const chain = evmChain(options.rpcUrl, options.chainId)
    const transport = http(options.rpcUrl, { retryCount: 0, timeout: EVM_RPC_TIMEOUT_MS })
    const pollingInterval = options.pollIntervalMs ?? EVM_POLL_INTERVAL_MS
    this.account = privateKeyToAccount(options.privateKey)
    this.#public = createPublicClient({ chain, transport, pollingInterval })
    this.#wallet = createWalletClient({ chain, transport, account: this.account, pollingInterval })
  }

  /** Connects and checks the chain id and that the contract has code. */
  static async connect(options: EvmSettlementClientOptions): Promise<EvmSettlementClient> {
    const client = new EvmSettlementClient(options)
    const chainId = await client.#rpc('reading the chain id', () => client.#public.getChainId())
    if (chainId !== options.chainId) throw new ChainMismatchError({ rpcUrl: options.rpcUrl, chainIdExpected: options.chainId, chainIdGot: chainId })
    const code = await client.#rpc('reading the contract code', () => client.#public.getCode({ address: options.contract }))
    if (code === undefined || code === '0x') throw new ContractMissingError({ address: options.contract, rpcUrl: options.rpcUrl })
    return client
  }

  get contract(): Address {
    return this.#options.contract
  }

  async getAgreement(shard: number): Promise<EvmAgreement | null> {
    const agreement = await this.#read('agreementOf', [BigInt(shard)])
    if (/^0x0{40}$/.test(agreement.operator)) return null
    return { operator: agreement.operator, operatorOwnerId: agreement.operatorOwnerId, registeredBlock: agreement.registeredBlock }
  }

  /** Registers this account as the operator of `shard`; returns once confirmed. Throws SettlementRevertError (ShardTaken). */
  async registerAgreement(shard: number, operatorOwnerId: Hex): Promise<EvmAgreement> {
    const txHash = await this.#send('registerAgreement', [BigInt(shard), operatorOwnerId])
    await this.#confirm(txHash, `agreement of shard ${shard}`, this.#options.confirmations)
    const agreement = await this.getAgreement(shard)
    if (agreement === null) throw new EvmUnavailableError({ rpcUrl: this.#options.rpcUrl, reason: `the agreement of shard ${shard} is not visible after its transaction ${txHash}` })
    return agreement
  }

  /** Where `sdlHash` settled and with how many confirmations; null when it never did. */
  async getSettledSdl(sdlHash: Hex): Promise<SettledSdl | null> {
    const settled = await this.#read('settledSdl', [sdlHash])
    if (settled.blockNumber === 0n) return null
    const latest = await this.#rpc('reading the block number', () => this.#public.getBlockNumber({ cacheTime: 0 }))
    return { shard: Number(settled.shard), sequence: settled.sequence, blockNumber: settled.blockNumber, rootAfter: settled.rootAfter, confirmations: latest - settled.blockNumber + 1n }
  }

  /** The timestamp of block `blockNumber`, in ms. */
  async blockTimestampMs(blockNumber: bigint): Promise<number> {
    const block = await this.#rpc('reading a block', () => this.#public.getBlock({ blockNumber }))
    return Number(block.timestamp) * 1_000
  }

  /** The SDL verifier the contract calls, and its runtime code. */
  async verifierCode(): Promise<{ address: Address; code: Hex }> {
    const address = (await this.#read('verifier', [])) as Address
    const code = await this.#rpc('reading the verifier code', () => this.#public.getCode({ address }))
    return { address, code: code ?? '0x' }
  }

  /** The SDL `shard` holds pending between the parts of its settlement; null when none. */
  async getPendingSdl(shard: number): Promise<PendingSdl | null> {
    const pending = await this.#read('pendingSdlOf', [BigInt(shard)])
    return /^0x0{64}$/.test(pending.sdlHash) ? null : { sdlHash: pending.sdlHash, state: pending.state, nextBatch: pending.nextBatch }
  }

  /**
   * Drops the SDL `sdlHash` that `shard` holds pending (VeritySettlement.abandonPendingSdl), for an
   * operator whose domain will never send its remaining parts; returns what the contract's
   * PendingSdlAbandoned event says once the transaction is included. Throws SettlementRevertError: NoPendingSdl, SdlPending (another SDL
   * is pending: it names it), NotOperator, NoAgreement.
   */
  async abandonPendingSdl(shard: number, sdlHash: Hex): Promise<{ sdlHash: Hex; nextBatch: bigint; txHash: Hex }> {
    const txHash = await this.#send('abandonPendingSdl', [BigInt(shard), sdlHash])
    const receipt = await this.#confirm(txHash, `abandoning SDL ${sdlHash}`, 1)
    const [event] = receipt === null || receipt.status !== 'success' ? [] : parseEventLogs({ abi: veritySettlementAbi, eventName: 'PendingSdlAbandoned', logs: receipt.logs })
    if (event === undefined) throw new EvmUnavailableError({ rpcUrl: this.#options.rpcUrl, reason: `the transaction abandoning SDL ${sdlHash} (${txHash}) was dropped or reverted` })
    return { sdlHash: event.args.sdlHash, nextBatch: event.args.nextBatch, txHash }
  }

  async shardState(shard: number): Promise<{ root: Hex; sdlCount: bigint; sdlChain: Hex }> {
    const [root, sdlCount, sdlChain] = await Promise.all([this.#read('rootOf', [BigInt(shard)]), this.#read('sdlCount', [BigInt(shard)]), this.#read('sdlChain', [BigInt(shard)])])
    return { root, sdlCount, sdlChain }
  }

  /**
   * Settles an SDL and waits for its confirmations: in one transaction when it has at most
   * `batchesPerTransaction` batch proofs, else in parts of that many, each sent once the previous
   * one is included, from the part the contract holds pending (a restart resumes). An SDL already on
   * chain is not sent again: its confirmations are awaited. Throws SettlementRevertError for the
   * contract's verdicts (WrongPreviousRoot, ProofRejected, …), SettlementPendingError when sent but
   * not confirmed in time, EvmUnavailableError when the node cannot be reached.
   */
  async settleSdl(parameters: SettleSdlParameters): Promise<SettleSdlResult> {
    for (let attempt = 1; ; attempt++) {
      const existing = await this.getSettledSdl(parameters.sdlHash)
      if (existing !== null) return { ...(await this.#awaitConfirmations(parameters.sdlHash, existing)), txHash: null, gasUsed: null }
      let sent: Sent | null
      try {
        sent = parameters.batches.length <= this.#batchesPerTransaction ? await this.#settleWhole(parameters) : await this.#settleInParts(parameters)
      } catch (error) {
        // Refused as a replay: an earlier transaction of ours is settled in the pending state (sent
        // before a restart, not mined yet) or landed meanwhile. Wait for it; never send another.
        if (error instanceof SettlementRevertError && error.fields.errorName === 'SdlAlreadySettled')
          return { ...(await this.#awaitConfirmations(parameters.sdlHash, await this.#awaitSettled(parameters.sdlHash))), txHash: null, gasUsed: null }
        throw error
      }
      if (sent !== null) {
        const settled = await this.getSettledSdl(parameters.sdlHash)
        if (settled !== null) return { ...settled, txHash: sent.txHash, gasUsed: sent.gasUsed }
      }
      // Dropped (no receipt) or reverted: look again; the next round finds it settled or resends.
      if (attempt >= SETTLE_ATTEMPTS_MAX)
        throw new EvmUnavailableError({ rpcUrl: this.#options.rpcUrl, reason: `SDL ${parameters.sdlHash}: ${attempt} settlement transactions dropped or reverted` })
    }
  }

  /** One transaction for the whole SDL, confirmed; null when dropped or reverted. */
  async #settleWhole(parameters: SettleSdlParameters): Promise<Sent | null> {
    const txHash = await this.sendSettlement(parameters)
    const receipt = await this.#confirm(txHash, `SDL ${parameters.sdlHash}`, this.#options.confirmations, parameters.sdlHash)
    return receipt !== null && receipt.status === 'success' ? { txHash, gasUsed: receipt.gasUsed } : null
  }

  /**
   * The SDL's remaining parts, from the batch the contract expects next: each intermediate part is
   * awaited until included, the last until confirmed. Null when a part was dropped or reverted (a
   * copy sent before a restart landed first, say): the caller looks at the chain again.
   */
  async #settleInParts(parameters: SettleSdlParameters): Promise<Sent | null> {
    let gasUsed = 0n
    for (;;) {
      const pending = await this.getPendingSdl(parameters.shard)
      // Another SDL pending: sent from 0, the contract names it (SdlPending).
      const firstBatch = pending !== null && pending.sdlHash === parameters.sdlHash ? Number(pending.nextBatch) : 0
      const last = firstBatch + this.#batchesPerTransaction >= parameters.batches.length
      let txHash: Hex
      try {
        txHash = await this.sendSettlementPart(parameters, firstBatch, last)
      } catch (error) {
        // A part of ours not yet visible in the latest block (in the mempool since before a restart): wait for the chain to move.
        if (error instanceof SettlementRevertError && error.fields.errorName === 'WrongBatchIndex') {
          await this.#awaitPendingMoved(parameters, pending)
          continue
        }
        throw error
      }
      const receipt = await this.#confirm(txHash, `SDL ${parameters.sdlHash} from batch ${firstBatch}`, last ? this.#options.confirmations : 1, parameters.sdlHash)
      if (receipt === null || receipt.status !== 'success') return null
      gasUsed += receipt.gasUsed
      if (last) return { txHash, gasUsed }
    }
  }

  /**
   * Sends one settlement transaction (after a gas estimate), without looking for an earlier one first;
   * returns its hash. The contract's verdict comes as SettlementRevertError (e.g. SdlAlreadySettled).
   */
  sendSettlement(parameters: SettleSdlParameters): Promise<Hex> {
    return this.#send('settleSdl', [BigInt(parameters.shard), parameters.sdlHash, parameters.rootBefore, parameters.batches.map((b) => ({ ...b }))])
  }

  /** Sends the part of an SDL's settlement from `firstBatch` (`batchesPerTransaction` batches at most); `last` settles it. */
  sendSettlementPart(parameters: SettleSdlParameters, firstBatch: number, last: boolean): Promise<Hex> {
    const batches = parameters.batches.slice(firstBatch, firstBatch + this.#batchesPerTransaction).map((b) => ({ ...b }))
    return this.#send('settleSdlPart', [BigInt(parameters.shard), parameters.sdlHash, parameters.rootBefore, BigInt(firstBatch), batches, last])
  }

  /** Polls until the shard's pending SDL is no longer `seen` (a part landed, or the SDL settled); SettlementPendingError at the deadline. */
  async #awaitPendingMoved(parameters: SettleSdlParameters, seen: PendingSdl | null): Promise<void> {
    const waitMs = this.#options.confirmationWaitMs ?? CONFIRMATION_WAIT_MS_DEFAULT
    const deadlineMs = Date.now() + waitMs
    for (;;) {
      const pending = await this.getPendingSdl(parameters.shard)
      if (pending?.nextBatch !== seen?.nextBatch || pending?.sdlHash !== seen?.sdlHash || (await this.getSettledSdl(parameters.sdlHash)) !== null) return
      if (Date.now() > deadlineMs) throw new SettlementPendingError({ sdlHash: parameters.sdlHash, txHash: 'a pending part', waitedMs: waitMs })
      await new Promise((resolve) => setTimeout(resolve, this.#options.pollIntervalMs ?? EVM_POLL_INTERVAL_MS))
    }
  }

  /** Polls until `sdlHash` is settled in the latest block; SettlementPendingError at the deadline. */
  async #awaitSettled(sdlHash: Hex): Promise<SettledSdl> {
    const waitMs = this.#options.confirmationWaitMs ?? CONFIRMATION_WAIT_MS_DEFAULT
    const deadlineMs = Date.now() + waitMs
    for (;;) {
      const settled = await this.getSettledSdl(sdlHash)
      if (settled !== null) return settled
      if (Date.now() > deadlineMs) throw new SettlementPendingError({ sdlHash, txHash: 'a pending transaction', waitedMs: waitMs })
      await new Promise((resolve) => setTimeout(resolve, this.#options.pollIntervalMs ?? EVM_POLL_INTERVAL_MS))
    }
  }

  async #awaitConfirmations(sdlHash: Hex, settled: SettledSdl): Promise<SettledSdl> {
    const deadlineMs = Date.now() + (this.#options.confirmationWaitMs ?? CONFIRMATION_WAIT_MS_DEFAULT)
    let current = settled
    while (current.confirmations < BigInt(this.#options.confirmations)) {
      if (Date.now() > deadlineMs) throw new SettlementPendingError({ sdlHash, txHash: `block ${current.blockNumber}`, waitedMs: this.#options.confirmationWaitMs ?? CONFIRMATION_WAIT_MS_DEFAULT })
      await new Promise((resolve) => setTimeout(resolve, this.#options.pollIntervalMs ?? EVM_POLL_INTERVAL_MS))
      current = (await this.getSettledSdl(sdlHash)) ?? current
    }
    return current
  }

  /** The receipt once confirmed; null when the transaction vanished (dropped); SettlementPendingError when still pending at the deadline. */
  async #confirm(txHash: Hex, what: string, confirmations: number, sdlHash?: Hex) {
    const timeout = this.#options.confirmationWaitMs ?? CONFIRMATION_WAIT_MS_DEFAULT
    try {
      return await this.#public.waitForTransactionReceipt({ hash: txHash, confirmations, timeout, pollingInterval: this.#options.pollIntervalMs ?? EVM_POLL_INTERVAL_MS })
    } catch (error) {
      if (error instanceof WaitForTransactionReceiptTimeoutError) {
        const pending = await this.#public.getTransaction({ hash: txHash }).then(() => true, () => false)
        if (!pending) return null
        throw new SettlementPendingError({ sdlHash: sdlHash ?? what, txHash, waitedMs: timeout })
      }
      if (error instanceof TransactionReceiptNotFoundError) return null
      throw new EvmUnavailableError({ rpcUrl: this.#options.rpcUrl, reason: `waiting for ${what}: ${(error as Error).message}` }, { cause: error })
    }
  }

  /**
   * Estimates gas (which runs the call, so a revert surfaces as the contract's named error before
   * anything is sent) and sends with that gas plus a fifth, at most SETTLE_GAS_MAX (EIP-7825's cap);
   * returns the transaction hash. One
   * estimate rather than a simulation and an estimate: each runs the whole proof verification.
   */
  async #send(functionName: 'registerAgreement' | 'settleSdl' | 'settleSdlPart' | 'abandonPendingSdl', args: readonly unknown[]): Promise<Hex> {
    const call = { address: this.#options.contract, abi: veritySettlementAbi, functionName, args, account: this.account }
    try {
      const gas = await this.#public.estimateContractGas(call as never)
      if (gas > SETTLE_GAS_MAX) throw new EvmUnavailableError({ rpcUrl: this.#options.rpcUrl, reason: `${functionName} needs ${gas} gas, over SETTLE_GAS_MAX ${SETTLE_GAS_MAX}` })
      const margin = (gas * 6n) / 5n
      return await this.#wallet.writeContract({ ...call, chain: this.#wallet.chain, gas: margin < SETTLE_GAS_MAX ? margin : SETTLE_GAS_MAX } as never)
    } catch (error) {
      const revert = decodeSettlementRevert(error)
      if (revert !== undefined) throw revert
      if (error instanceof EvmUnavailableError) throw error
      throw new EvmUnavailableError({ rpcUrl: this.#options.rpcUrl, reason: `${functionName}: ${(error as Error).message.split('\n')[0]}` }, { cause: error })
    }
  }

  #read<const F extends 'agreementOf' | 'settledSdl' | 'pendingSdlOf' | 'rootOf' | 'sdlCount' | 'sdlChain' | 'verifier'>(functionName: F, args: readonly unknown[]) {
    return this.#rpc(`calling ${functionName}`, () => this.#public.readContract({ address: this.#options.contract, abi: veritySettlementAbi, functionName, args } as never)) as Promise<ReadResult<F>>
  }

  async #rpc<T>(what: string, operation: () => Promise<T>): Promise<T> {
    try {
      return await operation()
    } catch (error) {
      throw new EvmUnavailableError({ rpcUrl: this.#options.rpcUrl, reason: `${what}: ${(error as Error).message.split('\n')[0]}` }, { cause: error })
    }
  }
}

type ReadResult<F> = F extends 'agreementOf'
  ? { operator: Address; operatorOwnerId: Hex; registeredBlock: bigint }
  : F extends 'settledSdl'
    ? { shard: bigint; sequence: bigint; blockNumber: bigint; rootAfter: Hex }
    : F extends 'pendingSdlOf'
      ? PendingSdl
      : F extends 'sdlCount'
      ? bigint
      : Hex
