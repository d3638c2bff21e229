export * from "./tokenListTypes.js";
export * from "./selectListedTokens.js";
export * from "./fallbackTokenList.js";
export * from "./searchTokenList.js";
export * from "./tokenListCache.js";
export * from "./isChainRpcUp.js";
export * from "./loadTokenList.js";
export * from "./toUniswapTokenList.js";
