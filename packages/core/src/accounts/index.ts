export * from "./createAccount.js";
export * from "./findAccount.js";
export * from "./updateAccount.js";
export * from "./issueApiKey.js";
export * from "./listApiKeys.js";
export * from "./revokeApiKey.js";
export * from "./markEventsAsTest.js";
export * from "./accountRequestBodies.js";
