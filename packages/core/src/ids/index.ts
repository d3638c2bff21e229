export * from "./newId.js";
