import { parseAbi } from "viem";

/**
 * Errors Permit2's `permitTransferFrom` reverts with; the executor lets them bubble up unchanged. Decode a failed
 * swap with `[...executorAbi, ...permit2ErrorsAbi]` to tell a spent or expired permit from a bad route.
 */
export const permit2ErrorsAbi = parseAbi([
  "error SignatureExpired(uint256 signatureDeadline)",
  "error InvalidNonce()",
  "error InvalidAmount(uint256 maxAmount)",
  "error InvalidSignature()",
  "error InvalidSigner()",
  "error InvalidSignatureLength()",
  "error InvalidContractSignature()",
]);
