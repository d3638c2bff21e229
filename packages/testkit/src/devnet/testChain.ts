/**
 * One bare anvil node and its well-known development accounts, for unit tests that need a real chain but no seeded
 * devnet (core's tests reach the devnet only through the test kit).
 */
export { devAccounts, startAnvil, type AnvilNode } from "@sluice/devnet";
