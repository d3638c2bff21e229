export * from "./permitTypes.js";
export * from "./permit2ReadAbi.js";
export * from "./permitTypedData.js";
export * from "./recoverPermitSigner.js";
export * from "./readPermitChainState.js";
export * from "./verifyPermit.js";
export * from "./claimPermitNonce.js";
