import type { Account, Chain, PublicClient, Transport, WalletClient } from "viem";
import type { ConfirmAnswer, RouteAnswer, SluiceConnection, SolveAnswer, SwapRequest } from "./clientTypes.js";
import { confirmSwap } from "./confirmSwap.js";
import { requestRoute } from "./requestRoute.js";
import { signRoutePermit } from "./signRoutePermit.js";
import { solveSwap } from "./solveSwap.js";
import { submitEncodedSwap } from "./submitEncodedSwap.js";

export type SwapWithPermitParameters = SwapRequest & {
  /** The user's wallet: signs the permit and, below the gasless minimum, sends the transaction. */
  wallet: WalletClient<Transport, Chain | undefined, Account>;
  /** Reads receipts on the swap's chain. */
  reader: PublicClient;
  slippageBps?: number;
  dryRun?: boolean;
};

export type SwapWithPermitResult = {
  route: RouteAnswer;
  solve: SolveAnswer;
  /** Set on the user-paid path: the user's transaction and Sluice's confirmation. */
  userPaid?: { txHash: `0x${string}`; status: "success" | "reverted"; confirm: ConfirmAnswer };
};

/**
 * The whole partner flow: quote with /route, sign its Permit2 permit with the user's wallet, /solve. When the swap is
 * below the gasless minimum (or the owner's gasless swaps are paused), /solve's failure carries encode-only calldata:
 * the user sends it (paying gas) and the helper calls /confirm so the volume is tracked.
 */
export async function swapWithPermit(connection: SluiceConnection, params: SwapWithPermitParameters): Promise<SwapWithPermitResult> {
  const { wallet, reader, slippageBps, dryRun, ...request } = params;
  const route = await requestRoute(connection, request);
  if (!route.permit) throw new Error(`/route gave no permit to sign: ${route.ok ? "no permit in the answer" : route.error}`);
  const { permit, signature, witness } = await signRoutePermit(wallet, route.permit);
  const solve = await solveSwap(connection, { ...request, user: wallet.account.address, permit, signature, witness, slippageBps, dryRun });
  if (solve.ok || !solve.transaction) return { route, solve };
  const sent = await submitEncodedSwap(wallet, reader, solve.transaction);
  const confirm = await confirmSwap(connection, { txHash: sent.txHash, chain: request.chain });
  return { route, solve, userPaid: { ...sent, confirm } };
}
