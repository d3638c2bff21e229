export * from "./accountResource.js";
export * from "./usageResource.js";
export * from "./rebateResource.js";
export * from "./getAccountRoute.js";
export * from "./getUsageRoute.js";
export * from "./getRebatesRoute.js";
