/**
 * Every bound of @verity/prover, with its unit and reason. The policy circuit's bounds are
 * mirrored from circuits/policy/src/main.nr (a test checks them against the compiled ABI): change
 * both together, then rebuild (`npm run build -w packages/prover`). Together they keep the circuit
 * at 14,143 gates (Noir 1.0.0-beta.26, Barretenberg 5), within 2^14: past it the proving time
 * doubles (2^15), and no circuit may pass 2^15 rows, the most the committed Ignition CRS prefix serves.
 */

/** Scalar intent attribute slots in the policy circuit (string, int, bool fields of `intent`). */
export const POLICY_ATTR_SLOTS = 16
/** Scalar evidence slots in the policy circuit (string, int, bool fields of `evidence`). */
export const POLICY_EVIDENCE_SLOTS = 24
/** Set-valued intent fields (`set<string>`, `set<int>`) the policy circuit holds. */
export const POLICY_ATTR_SETS = 4
/** Set-valued evidence fields the policy circuit holds. */
export const POLICY_EVIDENCE_SETS = 2
/** Set literals (`{"a", "b"}`) a template may use. */
export const POLICY_LITERAL_SETS = 4
/** Elements in one set (a set field's value or a set literal). */
export const POLICY_SET_SIZE = 16
/** Scalar constants (string, int, bool literals) a template may use. */
export const POLICY_CONSTANTS = 24
/** Atoms (comparisons, memberships, presence tests, constants) of one template. */
export const POLICY_ATOMS = 32
/** Layers of binary logic gates (and/or/xor) above the atoms: the depth of and/or nesting. */
export const POLICY_LAYERS = 3
/** Logic gates in one layer. */
export const POLICY_LAYER_WIDTH = 16
/**
 * Set relations (`subset`, `superset`, `intersects`, `disjoint`) of one template, on the sets tier
 * (circuits/policy_sets), the only tier with relations. Each costs about SET_SIZE^2 gates (~1,100
 * at 32 elements), which is why relations are not atoms (every atom pays for every op).
 */
export const POLICY_SETS_RELATIONS = 4
/** Elements in one set on the sets tier (set field values and literals, relation operands or not). */
export const POLICY_SETS_SET_SIZE = 32
/** Set-valued evidence fields on the sets tier (a product's colours, pieces, materials, ...). */
export const POLICY_SETS_EVIDENCE_SETS = 4
/** Set literals on the sets tier. With the sizes above the tier has 31,887 gates, within 2^15 rows: the most the Ignition prefix serves (circuitsFitIgnition.test.ts). */
export const POLICY_SETS_LITERAL_SETS = 3

/** Atoms or gates packed into one field element of the template encoding (3 bytes each). */
export const POLICY_ITEMS_PER_FIELD = 10

/** Jobs (queued and running) the prover accepts before `ProofQueueFullError` (option `queueMax`). */
export const PROOF_QUEUE_MAX_DEFAULT = 64
/** Worker threads proving in parallel; each drives its own Barretenberg (a native bb process, or a wasm instance). */
export const PROVER_WORKERS_DEFAULT = 1
/** Upper bound on prover workers: each one holds a bb process or a wasm heap of a few hundred MB. */
export const PROVER_WORKERS_MAX = 16
/** Size of a proof accepted for verification, in bytes (zero-knowledge UltraHonk proofs are ~15 KB). */
export const PROOF_BYTES_MAX = 64 * 1024
/** Public inputs accepted in an artifact. */
export const PUBLIC_INPUTS_MAX = 256
/**
 * Operations not yet placed that the SDL batch scheduler looks over for each batch (cutSdlBatches):
 * it may take an operation before earlier ones of other slots, within this many. Part of the plan
 * (the verifier recomputes it), so changing it changes SDL_WITNESS_FORMAT; bounds the scheduler's
 * work to this many steps per batch proof.
 */
export const SDL_SCHEDULE_WINDOW = 4_096
