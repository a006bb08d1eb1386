// SPDX-License-Identifier: Apache-2.0
pragma solidity 0.8.28;

/// The generated UltraHonk verifier (HonkVerifier, made by Barretenberg 5 for the SDL circuit: zero-knowledge, Keccak transcript).
interface ISdlProofVerifier {
    function verify(bytes calldata proof, bytes32[] calldata publicInputs) external view returns (bool);
}

/// Verity settlement on an EVM chain (docs/settlement-evm.md). Per shard: the domain agreement
/// (the operator's EVM account and Verity owner id), the state root and the hash chain of settled
/// SDLs. An SDL settles when every batch proof verifies with public inputs the contract builds
/// itself: the SDL hash (two 128-bit limbs), the batch index, the state before (the shard's root
/// for the first batch, then the previous batch's state after), the batch's ops hash and its state
/// after (`rootAfter`). Between batches a state chains the root and the SDL circuit's batch cache;
/// an SDL ends with an empty cache, so the last batch's state after is the shard's new root.
/// An SDL of more batches than one transaction can verify settles over several (`settleSdlPart`):
/// the shard then holds it pending (its hash, the state its verified batches reached, the next
/// batch's index) until the last part lands; its root, count and chain change only then, so a
/// reader never sees half an SDL, and no other SDL of the shard can start meanwhile.
contract VeritySettlement {
    /// One proof of an SDL: the batch's ops hash, the state it ends at (the root, for the last batch), the UltraHonk (keccak) proof.
    struct Batch {
        bytes32 opsHash;
        bytes32 rootAfter;
        bytes proof;
    }

    struct Agreement {
        address operator;
        bytes32 operatorOwnerId;
        uint64 registeredBlock;
    }

    struct SettledSdl {
        uint64 shard;
        uint64 sequence;
        uint64 blockNumber;
        bytes32 rootAfter;
    }

    /// An SDL settling over several transactions: its hash, the state its verified batches end at, the next batch's index.
    struct PendingSdl {
        bytes32 sdlHash;
        bytes32 state;
        uint64 nextBatch;
    }

    /// Batches per settlement transaction; bounds its gas (each proof costs under 1 M gas; a transaction at most 2^24, EIP-7825).
    uint256 public constant BATCHES_PER_TX_MAX = 12;
    uint256 private constant LIMB_MASK = (1 << 128) - 1;
    /// BN254's scalar field: a root or ops hash at or above it is a non-canonical encoding.
    uint256 private constant FIELD_MODULUS = 21888242871839275222246405745257275088548364400416034343698204186575808495617;

    ISdlProofVerifier public immutable verifier;
    /// The root of an empty shard (the SDL circuit's empty state tree).
    bytes32 public immutable emptyRoot;

    mapping(uint64 => Agreement) private agreements;
    mapping(uint64 => bytes32) private roots;
    mapping(uint64 => bytes32) public sdlChain;
    mapping(uint64 => uint64) public sdlCount;
    mapping(bytes32 => SettledSdl) private settled;
    mapping(uint64 => PendingSdl) private pending;

    error ShardTaken(uint64 shard, address operator);
    error NoAgreement(uint64 shard);
    error NotOperator(uint64 shard, address caller);
    error SdlAlreadySettled(bytes32 sdlHash);
    error WrongPreviousRoot(uint64 shard, bytes32 expected, bytes32 got);
    error BatchCount(uint256 count, uint256 countMax);
    error ProofRejected(uint256 batchIndex);
    error NotAFieldElement(uint256 batchIndex);
    error SdlPending(uint64 shard, bytes32 pendingSdlHash);
    error WrongBatchIndex(bytes32 sdlHash, uint256 expected, uint256 got);
    error NoPendingSdl(uint64 shard);

    event AgreementRegistered(uint64 indexed shard, address indexed operator, bytes32 operatorOwnerId);
    event SdlSettled(
        uint64 indexed shard,
        bytes32 indexed sdlHash,
        uint64 sequence,
        bytes32 rootBefore,
        bytes32 rootAfter,
        bytes32 chain,
        uint256 batchCount
    );
    /// One transaction's batches of an SDL verified: from `firstBatch`, their ops hashes, the state they end at.
    event SdlBatchesVerified(uint64 indexed shard, bytes32 indexed sdlHash, uint256 firstBatch, bytes32 stateAfter, bytes32[] opsHashes);
    /// The operator dropped the SDL the shard held pending; its verified batches are forgotten.
    event PendingSdlAbandoned(uint64 indexed shard, bytes32 indexed sdlHash, uint64 nextBatch);

    constructor(ISdlProofVerifier verifier_, bytes32 emptyRoot_) {
        verifier = verifier_;
        emptyRoot = emptyRoot_;
    }

    /// Registers the caller as the operator of `shard` (again, to change the owner id).
    function registerAgreement(uint64 shard, bytes32 operatorOwnerId) external {
        address current = agreements[shard].operator;
        if (current != address(0) && current != msg.sender) revert ShardTaken(shard, current);
        agreements[shard] = Agreement(msg.sender, operatorOwnerId, uint64(block.number));
        emit AgreementRegistered(shard, msg.sender, operatorOwnerId);
    }

    function agreementOf(uint64 shard) external view returns (Agreement memory) {
        return agreements[shard];
    }

    /// The shard's current state root (the empty root before its first SDL).
    function rootOf(uint64 shard) public view returns (bytes32) {
        bytes32 root = roots[shard];
        return root == bytes32(0) ? emptyRoot : root;
    }

    /// Where and when `sdlHash` settled; blockNumber 0 when it never did.
    function settledSdl(bytes32 sdlHash) external view returns (SettledSdl memory) {
        return settled[sdlHash];
    }

    /// The SDL `shard` holds pending (settling over several transactions); a zero hash when none.
    function pendingSdlOf(uint64 shard) public view returns (PendingSdl memory) {
        PendingSdl memory held = pending[shard];
        // The record of an SDL that has settled since is kept (clearing it would refund gas, which
        // makes nodes estimate the last part above EIP-7825's cap), and means none.
        if (held.sdlHash != bytes32(0) && settled[held.sdlHash].blockNumber != 0) return PendingSdl(bytes32(0), bytes32(0), 0);
        return held;
    }

    /// Settles one SDL of `shard` from `rootBefore` in one transaction; reverts with a named error otherwise.
    function settleSdl(uint64 shard, bytes32 sdlHash, bytes32 rootBefore, Batch[] calldata batches) external {
        settleSdlPart(shard, sdlHash, rootBefore, 0, batches, true);
    }

    /// Verifies batches `firstBatch` … of an SDL of `shard` from `rootBefore` (the shard's root, which
    /// stays until the SDL settles): the first part starts at that root, each next part where the
    /// pending one ended. With `last`, the SDL settles: its last state after is the shard's new root.
    /// Otherwise the shard holds it pending; only its next part (same hash, next index) is taken.
    function settleSdlPart(uint64 shard, bytes32 sdlHash, bytes32 rootBefore, uint256 firstBatch, Batch[] calldata batches, bool last) public {
        if (agreements[shard].operator == address(0)) revert NoAgreement(shard);
        if (agreements[shard].operator != msg.sender) revert NotOperator(shard, msg.sender);
        if (settled[sdlHash].blockNumber != 0) revert SdlAlreadySettled(sdlHash);
        bytes32 expected = rootOf(shard);
        if (rootBefore != expected) revert WrongPreviousRoot(shard, expected, rootBefore);
        if (batches.length == 0 || batches.length > BATCHES_PER_TX_MAX) revert BatchCount(batches.length, BATCHES_PER_TX_MAX);
        bytes32 state = _partStart(shard, sdlHash, rootBefore, firstBatch);
        bytes32[] memory opsHashes = new bytes32[](batches.length);
        for (uint256 i = 0; i < batches.length; i++) {
            _verifyBatch(sdlHash, firstBatch + i, state, batches[i]);
            opsHashes[i] = batches[i].opsHash;
            state = batches[i].rootAfter;
        }
        uint256 nextBatch = firstBatch + batches.length;
        emit SdlBatchesVerified(shard, sdlHash, firstBatch, state, opsHashes);
        if (!last) {
            pending[shard] = PendingSdl(sdlHash, state, uint64(nextBatch));
            return;
        }
        uint64 sequence = sdlCount[shard] + 1;
        bytes32 chain = keccak256(abi.encode(sdlChain[shard], sdlHash));
        roots[shard] = state;
        sdlCount[shard] = sequence;
        sdlChain[shard] = chain;
        settled[sdlHash] = SettledSdl(shard, sequence, uint64(block.number), state);
        emit SdlSettled(shard, sdlHash, sequence, rootBefore, state, chain, nextBatch);
    }

    /// Drops the SDL `sdlHash` that `shard` holds pending, for an operator whose domain will never
    /// send its remaining parts (its data restored from before the first part, say), so that the
    /// shard can settle again. Only the operator; `sdlHash` must be the pending one (`SdlPending`
    /// names it otherwise), so a stale command cannot drop an SDL that started since. Readers see
    /// nothing change: a pending SDL never moved the root, count or chain. The SDL can be sent
    /// again later, from its first batch.
    function abandonPendingSdl(uint64 shard, bytes32 sdlHash) external {
        if (agreements[shard].operator == address(0)) revert NoAgreement(shard);
        if (agreements[shard].operator != msg.sender) revert NotOperator(shard, msg.sender);
        PendingSdl memory held = pendingSdlOf(shard);
        if (held.sdlHash == bytes32(0)) revert NoPendingSdl(shard);
        if (held.sdlHash != sdlHash) revert SdlPending(shard, held.sdlHash);
        delete pending[shard];
        emit PendingSdlAbandoned(shard, sdlHash, held.nextBatch);
    }

    /// The state a part starts at: the shard's root for an SDL's first part (no other SDL pending), else where its pending part ended.
    function _partStart(uint64 shard, bytes32 sdlHash, bytes32 rootBefore, uint256 firstBatch) private view returns (bytes32) {
        PendingSdl memory held = pendingSdlOf(shard);
        if (held.sdlHash != bytes32(0) && held.sdlHash != sdlHash) revert SdlPending(shard, held.sdlHash);
        uint256 expected = held.sdlHash == bytes32(0) ? 0 : held.nextBatch;
        if (firstBatch != expected) revert WrongBatchIndex(sdlHash, expected, firstBatch);
        return firstBatch == 0 ? rootBefore : held.state;
    }

    function _verifyBatch(bytes32 sdlHash, uint256 index, bytes32 rootBefore, Batch calldata batch) private view {
        if (uint256(batch.opsHash) >= FIELD_MODULUS || uint256(batch.rootAfter) >= FIELD_MODULUS) revert NotAFieldElement(index);
        bytes32[] memory inputs = new bytes32[](6);
        inputs[0] = bytes32(uint256(sdlHash) >> 128);
        inputs[1] = bytes32(uint256(sdlHash) & LIMB_MASK);
        inputs[2] = bytes32(index);
        inputs[3] = rootBefore;
        inputs[4] = batch.opsHash;
        inputs[5] = batch.rootAfter;
        // The generated verifier reverts (SumcheckFailed, ShpleminiFailed, ProofLengthWrong …) on a
        // bad proof: every such failure becomes this contract's one named error.
        try verifier.verify(batch.proof, inputs) returns (bool ok) {
            if (!ok) revert ProofRejected(index);
        } catch {
            revert ProofRejected(index);
        }
    }
}
