import { getAddress, sliceHex, type Address, type Hex } from "viem";

/** A bytes32 holding an EVM address (upper 12 bytes zero), as the SpokePool's events encode addresses. */
export function addressFromWord(word: Hex): Address {
  return getAddress(sliceHex(word, 12));
}
