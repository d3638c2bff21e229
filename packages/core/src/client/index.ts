/** The partner-side client: quote, sign the permit, solve, and for user-paid swaps submit and confirm. */
export * from "./clientTypes.js";
export * from "./callSluice.js";
export * from "./requestRoute.js";
export * from "./signRoutePermit.js";
export * from "./solveSwap.js";
export * from "./submitEncodedSwap.js";
export * from "./confirmSwap.js";
export * from "./swapWithPermit.js";
