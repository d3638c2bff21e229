export * from "./accountResource.js";
export * from "./usageResource.js";
export * from "./rebateResource.js";
