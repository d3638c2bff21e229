/**
 * The one function of Sluice's executor the SDK decodes: `swapWithWitness`, the call of a user-paid swap of a witness
 * permit. Kept equal to the committed artifact's entry by a repository test (internal types left out).
 */
export const executorSwapWithWitnessAbi = [
  {
    type: "function",
    name: "swapWithWitness",
    stateMutability: "nonpayable",
    inputs: [
      {
        name: "permit", type: "tuple", components: [
          { name: "permitted", type: "tuple", components: [{ name: "token", type: "address" }, { name: "amount", type: "uint256" }] },
          { name: "nonce", type: "uint256" },
          { name: "deadline", type: "uint256" },
        ],
      },
      { name: "owner", type: "address" },
      { name: "signature", type: "bytes" },
      { name: "route", type: "bytes" },
      { name: "minAmountOut", type: "uint256" },
      {
        name: "witness", type: "tuple", components: [
          { name: "tokenOut", type: "address" },
          { name: "minAmountOut", type: "uint256" },
          { name: "recipient", type: "address" },
        ],
      },
    ],
    outputs: [{ name: "amountOut", type: "uint256" }],
  },
] as const;
