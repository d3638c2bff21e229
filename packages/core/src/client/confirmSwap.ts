import type { Hex } from "viem";
import { callSluice } from "./callSluice.js";
import type { ConfirmAnswer, SluiceConnection, SwapRequest } from "./clientTypes.js";

/** `POST /api/v1/confirm`: after a user-paid swap is mined, so its volume is tracked. Safe to repeat. */
export function confirmSwap(connection: SluiceConnection, params: { txHash: Hex; chain: SwapRequest["chain"] }): Promise<ConfirmAnswer & { status: number }> {
  return callSluice<ConfirmAnswer>(connection, "/api/v1/confirm", params);
}
