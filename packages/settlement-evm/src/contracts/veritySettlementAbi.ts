// VeritySettlement's ABI (contracts/VeritySettlement.sol), as a literal so that viem types every
// call; veritySettlementAbi.test.ts checks it against what solc compiles.
export const veritySettlementAbi = [
  {
    "inputs": [
      {
        "internalType": "contract ISdlProofVerifier",
        "name": "verifier_",
        "type": "address"
      },
      {
        "internalType": "bytes32",
        "name": "emptyRoot_",
        "type": "bytes32"
      }
    ],
    "stateMutability": "nonpayable",
    "type": "constructor"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "count",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "countMax",
        "type": "uint256"
      }
    ],
    "name": "BatchCount",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint64",
        "name": "shard",
        "type": "uint64"
      }
    ],
    "name": "NoAgreement",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint64",
        "name": "shard",
        "type": "uint64"
      }
    ],
    "name": "NoPendingSdl",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "batchIndex",
        "type": "uint256"
      }
    ],
    "name": "NotAFieldElement",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint64",
        "name": "shard",
        "type": "uint64"
      },
      {
        "internalType": "address",
        "name": "caller",
        "type": "address"
      }
    ],
    "name": "NotOperator",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint256",
        "name": "batchIndex",
        "type": "uint256"
      }
    ],
    "name": "ProofRejected",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "bytes32",
        "name": "sdlHash",
        "type": "bytes32"
      }
    ],
    "name": "SdlAlreadySettled",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint64",
        "name": "shard",
        "type": "uint64"
      },
      {
        "internalType": "bytes32",
        "name": "pendingSdlHash",
        "type": "bytes32"
      }
    ],
    "name": "SdlPending",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint64",
        "name": "shard",
        "type": "uint64"
      },
      {
        "internalType": "address",
        "name": "operator",
        "type": "address"
      }
    ],
    "name": "ShardTaken",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "bytes32",
        "name": "sdlHash",
        "type": "bytes32"
      },
      {
        "internalType": "uint256",
        "name": "expected",
        "type": "uint256"
      },
      {
        "internalType": "uint256",
        "name": "got",
        "type": "uint256"
      }
    ],
    "name": "WrongBatchIndex",
    "type": "error"
  },
  {
    "inputs": [
      {
        "internalType": "uint64",
        "name": "shard",
        "type": "uint64"
      },
      {
        "internalType": "bytes32",
        "name": "expected",
        "type": "bytes32"
      },
      {
        "internalType": "bytes32",
        "name": "got",
        "type": "bytes32"
      }
    ],
    "name": "WrongPreviousRoot",
    "type": "error"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "uint64",
        "name": "shard",
        "type": "uint64"
      },
      {
        "indexed": true,
        "internalType": "address",
        "name": "operator",
        "type": "address"
      },
      {
        "indexed": false,
        "internalType": "bytes32",
        "name": "operatorOwnerId",
        "type": "bytes32"
      }
    ],
    "name": "AgreementRegistered",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "uint64",
        "name": "shard",
        "type": "uint64"
      },
      {
        "indexed": true,
        "internalType": "bytes32",
        "name": "sdlHash",
        "type": "bytes32"
      },
      {
        "indexed": false,
        "internalType": "uint64",
        "name": "nextBatch",
        "type": "uint64"
      }
    ],
    "name": "PendingSdlAbandoned",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "uint64",
        "name": "shard",
        "type": "uint64"
      },
      {
        "indexed": true,
        "internalType": "bytes32",
        "name": "sdlHash",
        "type": "bytes32"
      },
      {
        "indexed": false,
        "internalType": "uint256",
        "name": "firstBatch",
        "type": "uint256"
      },
      {
        "indexed": false,
        "internalType": "bytes32",
        "name": "stateAfter",
        "type": "bytes32"
      },
      {
        "indexed": false,
        "internalType": "bytes32[]",
        "name": "opsHashes",
        "type": "bytes32[]"
      }
    ],
    "name": "SdlBatchesVerified",
    "type": "event"
  },
  {
    "anonymous": false,
    "inputs": [
      {
        "indexed": true,
        "internalType": "uint64",
        "name": "shard",
        "type": "uint64"
      },
      {
        "indexed": true,
        "internalType": "bytes32",
        "name": "sdlHash",
        "type": "bytes32"
      },
      {
        "indexed": false,
        "internalType": "uint64",
        "name": "sequence",
        "type": "uint64"
      },
      {
        "indexed": false,
        "internalType": "bytes32",
        "name": "rootBefore",
        "type": "bytes32"
      },
      {
        "indexed": false,
        "internalType": "bytes32",
        "name": "rootAfter",
        "type": "bytes32"
      },
      {
        "indexed": false,
        "internalType": "bytes32",
        "name": "chain",
        "type": "bytes32"
      },
      {
        "indexed": false,
        "internalType": "uint256",
        "name": "batchCount",
        "type": "uint256"
      }
    ],
    "name": "SdlSettled",
    "type": "event"
  },
  {
    "inputs": [],
    "name": "BATCHES_PER_TX_MAX",
    "outputs": [
      {
        "internalType": "uint256",
        "name": "",
        "type": "uint256"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint64",
        "name": "shard",
        "type": "uint64"
      },
      {
        "internalType": "bytes32",
        "name": "sdlHash",
        "type": "bytes32"
      }
    ],
    "name": "abandonPendingSdl",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint64",
        "name": "shard",
        "type": "uint64"
      }
    ],
    "name": "agreementOf",
    "outputs": [
      {
        "components": [
          {
            "internalType": "address",
            "name": "operator",
            "type": "address"
          },
          {
            "internalType": "bytes32",
            "name": "operatorOwnerId",
            "type": "bytes32"
          },
          {
            "internalType": "uint64",
            "name": "registeredBlock",
            "type": "uint64"
          }
        ],
        "internalType": "struct VeritySettlement.Agreement",
        "name": "",
        "type": "tuple"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "emptyRoot",
    "outputs": [
      {
        "internalType": "bytes32",
        "name": "",
        "type": "bytes32"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint64",
        "name": "shard",
        "type": "uint64"
      }
    ],
    "name": "pendingSdlOf",
    "outputs": [
      {
        "components": [
          {
            "internalType": "bytes32",
            "name": "sdlHash",
            "type": "bytes32"
          },
          {
            "internalType": "bytes32",
            "name": "state",
            "type": "bytes32"
          },
          {
            "internalType": "uint64",
            "name": "nextBatch",
            "type": "uint64"
          }
        ],
        "internalType": "struct VeritySettlement.PendingSdl",
        "name": "",
        "type": "tuple"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint64",
        "name": "shard",
        "type": "uint64"
      },
      {
        "internalType": "bytes32",
        "name": "operatorOwnerId",
        "type": "bytes32"
      }
    ],
    "name": "registerAgreement",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint64",
        "name": "shard",
        "type": "uint64"
      }
    ],
    "name": "rootOf",
    "outputs": [
      {
        "internalType": "bytes32",
        "name": "",
        "type": "bytes32"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint64",
        "name": "",
        "type": "uint64"
      }
    ],
    "name": "sdlChain",
    "outputs": [
      {
        "internalType": "bytes32",
        "name": "",
        "type": "bytes32"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint64",
        "name": "",
        "type": "uint64"
      }
    ],
    "name": "sdlCount",
    "outputs": [
      {
        "internalType": "uint64",
        "name": "",
        "type": "uint64"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint64",
        "name": "shard",
        "type": "uint64"
      },
      {
        "internalType": "bytes32",
        "name": "sdlHash",
        "type": "bytes32"
      },
      {
        "internalType": "bytes32",
        "name": "rootBefore",
        "type": "bytes32"
      },
      {
        "components": [
          {
            "internalType": "bytes32",
            "name": "opsHash",
            "type": "bytes32"
          },
          {
            "internalType": "bytes32",
            "name": "rootAfter",
            "type": "bytes32"
          },
          {
            "internalType": "bytes",
            "name": "proof",
            "type": "bytes"
          }
        ],
        "internalType": "struct VeritySettlement.Batch[]",
        "name": "batches",
        "type": "tuple[]"
      }
    ],
    "name": "settleSdl",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "uint64",
        "name": "shard",
        "type": "uint64"
      },
      {
        "internalType": "bytes32",
        "name": "sdlHash",
        "type": "bytes32"
      },
      {
        "internalType": "bytes32",
        "name": "rootBefore",
        "type": "bytes32"
      },
      {
        "internalType": "uint256",
        "name": "firstBatch",
        "type": "uint256"
      },
      {
        "components": [
          {
            "internalType": "bytes32",
            "name": "opsHash",
            "type": "bytes32"
          },
          {
            "internalType": "bytes32",
            "name": "rootAfter",
            "type": "bytes32"
          },
          {
            "internalType": "bytes",
            "name": "proof",
            "type": "bytes"
          }
        ],
        "internalType": "struct VeritySettlement.Batch[]",
        "name": "batches",
        "type": "tuple[]"
      },
      {
        "internalType": "bool",
        "name": "last",
        "type": "bool"
      }
    ],
    "name": "settleSdlPart",
    "outputs": [],
    "stateMutability": "nonpayable",
    "type": "function"
  },
  {
    "inputs": [
      {
        "internalType": "bytes32",
        "name": "sdlHash",
        "type": "bytes32"
      }
    ],
    "name": "settledSdl",
    "outputs": [
      {
        "components": [
          {
            "internalType": "uint64",
            "name": "shard",
            "type": "uint64"
          },
          {
            "internalType": "uint64",
            "name": "sequence",
            "type": "uint64"
          },
          {
            "internalType": "uint64",
            "name": "blockNumber",
            "type": "uint64"
          },
          {
            "internalType": "bytes32",
            "name": "rootAfter",
            "type": "bytes32"
          }
        ],
        "internalType": "struct VeritySettlement.SettledSdl",
        "name": "",
        "type": "tuple"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  },
  {
    "inputs": [],
    "name": "verifier",
    "outputs": [
      {
        "internalType": "contract ISdlProofVerifier",
        "name": "",
        "type": "address"
      }
    ],
    "stateMutability": "view",
    "type": "function"
  }
] as const
