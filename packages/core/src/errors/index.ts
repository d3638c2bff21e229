export * from "./errorCodes.js";
export * from "./SluiceError.js";
export * from "./formatZodIssue.js";
export * from "./onError.js";
export * from "./isDependencyDown.js";
export * from "./DependencyDownError.js";
