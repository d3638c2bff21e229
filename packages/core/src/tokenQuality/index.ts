export * from "./tokenQualityEntry.js";
export * from "./tokenListFileSchema.js";
export * from "./setTokenQuality.js";
export * from "./importTokenList.js";
export * from "./readTokenQuality.js";
export type { TokenQualityRow } from "../db/schema/tokenQuality.js";
export * from "./invalidateTokenQuality.js";
export * from "./createTokenQualitySource.js";
