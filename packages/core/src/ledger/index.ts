export * from "./centsNumber.js";
export * from "./months.js";
export * from "./ledgerLock.js";
export * from "./computedLedgerRows.js";
export * from "./listRebates.js";
export * from "./settleMonth.js";
export * from "./settleDueMonth.js";
export * from "./exactNumber.js";
