export * from "./chains.js";
export * from "./chainConfig.js";
export * from "./createChainClient.js";
export * from "./requireChainDeployment.js";
export * from "./chainClientLookup.js";
export * from "./confirmationsLookup.js";
export * from "./readChainHead.js";
export * from "./uniswapFactories.js";
