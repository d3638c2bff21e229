import { isAddressEqual, zeroAddress, type Address } from "viem";
import { answeredAddress, answeredObject, answeredUint, fail, requireAddress, shown } from "./answerChecks.js";
import { PERMIT2_ADDRESS, PERMIT_MAX_LIFETIME_SECONDS, PERMIT_WITNESS_TYPES } from "./pinned.js";
import { chainIds, type ChainName, type SolvePermit, type SolveWitness } from "./types.js";

/** What the user asked for, which a /route permit must say exactly (raw amounts, addresses). */
export type RoutePermitExpectation = {
  chain: ChainName;
  /** The signer: the witness's recipient must be this address or the zero address (whoever signs). */
  user: Address;
  /** The input token and the raw amount of it the user swaps. */
  tokenIn: Address;
  amountIn: bigint;
  /** The output token the user asked for. */
  tokenOut: Address;
  /** The least minimum output the user accepts (raw units of `tokenOut`): the witness's must be at least this. */
  minAmountOut: bigint;
  /** Sluice's executor, the permit's only acceptable spender (the client's `executor`; `DEVNET_EXECUTOR_ADDRESS` locally). */
  executor: Address;
  /** Now in Unix seconds (default the clock's): the deadline must be later, and at most 30 days later. */
  nowSeconds?: number;
};

/** The signed message, integers as bigint. */
export type RoutePermitMessage = {
  permitted: { token: Address; amount: bigint };
  spender: Address;
  nonce: bigint;
  deadline: bigint;
  witness: { tokenOut: Address; minAmountOut: bigint; recipient: Address };
};

export type VerifiedRoutePermit = {
  /** What to sign: Permit2's domain and the witness types as pinned in the SDK, and the verified message. */
  typedData: {
    domain: { name: "Permit2"; chainId: number; verifyingContract: Address };
    types: typeof PERMIT_WITNESS_TYPES;
    primaryType: "PermitWitnessTransferFrom";
    message: RoutePermitMessage;
  };
  /** /solve's `permit` and `witness` of that message (integers as decimal strings). */
  permit: SolvePermit;
  witness: SolveWitness;
};

const EXECUTOR_HINT = "Nothing was approved, signed or sent. The SDK signs permits only for Sluice's executor; a deployment " +
  "with an executor of its own passes its address as `createSluiceClient({ executor })`";

/**
 * Checks a /route permit against what the user asked for and the SDK's pinned constants — Permit2's domain on the
 * requested chain, the witness types exactly, Sluice's executor as spender, the input token and raw amount, the output
 * token, a recipient that is the user (or zero), a minimum output at least the expected one, a deadline in the next 30
 * days — and returns the typed data to sign, rebuilt from those. Throws {@link SluiceVerificationError} naming the
 * first field that differs; nothing needs signing to find out.
 */
export function verifyRoutePermit(permit: unknown, expected: RoutePermitExpectation): VerifiedRoutePermit {
  const typed = answeredObject("permit", permit);
  const domain = answeredObject("permit.domain", typed.domain);
  const chainId = chainIds[expected.chain];
  if (Object.keys(domain).sort().join() !== "chainId,name,verifyingContract") fail("permit.domain", "exactly { name, chainId, verifyingContract }", Object.keys(domain));
  if (domain.name !== "Permit2") fail("permit.domain.name", '"Permit2"', domain.name);
  requireAddress("permit.domain.verifyingContract", domain.verifyingContract, PERMIT2_ADDRESS, "Permit2");
  if (Number(domain.chainId) !== chainId || !/^\d+$/.test(String(domain.chainId))) fail("permit.domain.chainId", `${chainId} (${expected.chain})`, domain.chainId);
  if (typed.primaryType !== "PermitWitnessTransferFrom") fail("permit.primaryType", '"PermitWitnessTransferFrom"', typed.primaryType);
  if (canonicalJson(typed.types) !== canonicalJson(PERMIT_WITNESS_TYPES)) fail("permit.types", `Permit2's witness types with SluiceSwap, exactly`, canonicalJson(typed.types));

  const message = answeredObject("permit.message", typed.message);
  const permitted = answeredObject("permit.message.permitted", message.permitted);
  const witness = answeredObject("permit.message.witness", message.witness);
  const executor = expected.executor;
  const spender = requireAddress("permit.message.spender", message.spender, executor, "Sluice's executor", EXECUTOR_HINT);
  const token = requireAddress("permit.message.permitted.token", permitted.token, expected.tokenIn, "the requested input token");
  const amount = answeredUint("permit.message.permitted.amount", permitted.amount);
  if (amount !== expected.amountIn) fail("permit.message.permitted.amount", `the requested amount ${expected.amountIn} (raw)`, amount);
  const tokenOut = requireAddress("permit.message.witness.tokenOut", witness.tokenOut, expected.tokenOut, "the requested output token");
  const recipient = answeredAddress("permit.message.witness.recipient", witness.recipient);
  if (!isAddressEqual(recipient, zeroAddress) && !isAddressEqual(recipient, expected.user)) {
    fail("permit.message.witness.recipient", `the user ${expected.user} or the zero address`, recipient);
  }
  const minAmountOut = answeredUint("permit.message.witness.minAmountOut", witness.minAmountOut);
  if (minAmountOut < expected.minAmountOut) fail("permit.message.witness.minAmountOut", `at least ${expected.minAmountOut} (the quote less the slippage bound)`, minAmountOut);
  const nonce = answeredUint("permit.message.nonce", message.nonce);
  const deadline = answeredUint("permit.message.deadline", message.deadline);
  const now = BigInt(Math.floor(expected.nowSeconds ?? Date.now() / 1000));
  if (deadline <= now || deadline > now + BigInt(PERMIT_MAX_LIFETIME_SECONDS)) {
    fail("permit.message.deadline", `after now (${now}) and at most 30 days later`, deadline);
  }

  const signed: RoutePermitMessage = { permitted: { token, amount }, spender, nonce, deadline, witness: { tokenOut, minAmountOut, recipient } };
  return {
    typedData: {
      domain: { name: "Permit2", chainId, verifyingContract: PERMIT2_ADDRESS },
      types: PERMIT_WITNESS_TYPES,
      primaryType: "PermitWitnessTransferFrom",
      message: signed,
    },
    permit: { permitted: { token, amount: String(amount) }, nonce: String(nonce), deadline: String(deadline) },
    witness: { tokenOut, minAmountOut: String(minAmountOut), recipient },
  };
}

/** JSON with object keys sorted (arrays keep their order), for an exact comparison of the types. */
function canonicalJson(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, v: unknown) =>
      v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v);
  } catch {
    return shown(value);
  }
}
