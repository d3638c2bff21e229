/**
 * The deterministic deployment proxy (github.com/Arachnid/deterministic-deployment-proxy): one contract at the same
 * address on nearly every EVM chain (Ethereum, Base, Arbitrum and Polygon among them). Sent `salt ‖ initCode`, it
 * deploys with CREATE2, so what it deploys has an address that depends only on the salt and the init code.
 */
import type { Address, Hex } from "viem";

export const DETERMINISTIC_DEPLOYER: Address = "0x4e59b44847b379578588920cA78FbF26c0B4956C";

/** Its runtime code, for chains that lack it (the devnet installs it with `anvil_setCode`). */
export const DETERMINISTIC_DEPLOYER_RUNTIME: Hex =
  "0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3";
