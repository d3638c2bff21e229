import { sliceHex, type Address, type PublicClient } from "viem";
import { SluiceError } from "../errors/SluiceError.js";

export type DefaultBridgeRecipientParameters = {
  /** A client of the origin chain, where the depositor signs. */
  client: PublicClient;
  depositor: Address;
  originChainId: number;
  destinationChainId: number;
};

export type DefaultBridgeRecipientReturnType = Address;

/** EIP-7702's delegation designator: an account whose code is `0xef0100 ‖ address` is still its key's account. */
const DELEGATION_PREFIX = "0xef0100";

/**
 * The destination recipient of a bridge request that names none: the depositor's own address (interface §4). That is
 * the same account on every chain only when a key holds it — an externally owned account, or one delegating its code
 * (EIP-7702). A contract wallet's address (a Safe, a smart account) on another chain may hold no wallet at all, or one
 * someone else deployed there: paid to it, the funds could be lost for good. So a depositor with code must name its
 * recipient (`MALFORMED_REQUEST`), before anything is asked upstream.
 */
export async function defaultBridgeRecipient(p: DefaultBridgeRecipientParameters): Promise<DefaultBridgeRecipientReturnType> {
  const code = await p.client.getCode({ address: p.depositor }).catch((cause: unknown) => {
    throw new SluiceError("DEPENDENCY_DOWN", "The origin chain could not be reached to read the depositor's account; safe to retry", { cause });
  });
  const keyHeld = code === undefined || code === "0x" || (code.length === 2 + 23 * 2 && sliceHex(code, 0, 3) === DELEGATION_PREFIX);
  if (!keyHeld) {
    throw new SluiceError("MALFORMED_REQUEST",
      `recipient: is required when the depositor is a contract (${p.depositor} on chain ${p.originChainId}): the same address on chain ${p.destinationChainId} may not be the same wallet`,
      { hint: "name the recipient on the destination chain explicitly" });
  }
  return p.depositor;
}
