import { parseAbi } from "viem";

/** The reads permit verification needs: Permit2's nonce bitmap, ERC-20 balance and allowance, chain time. */
export const permit2ReadAbi = parseAbi([
  "function nonceBitmap(address owner, uint256 wordPosition) view returns (uint256)",
]);

export const erc20ReadAbi = parseAbi([
  "function balanceOf(address owner) view returns (uint256)",
  "function allowance(address owner, address spender) view returns (uint256)",
  "function symbol() view returns (string)",
]);

export const multicall3TimeAbi = parseAbi([
  "function getCurrentBlockTimestamp() view returns (uint256 timestamp)",
]);
