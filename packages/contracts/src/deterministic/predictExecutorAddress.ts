import { encodeDeployData, getContractAddress, keccak256, stringToHex, type Address, type Hex } from "viem";
import { executorArtifact } from "../executorArtifact.js";
import { DETERMINISTIC_DEPLOYER } from "./deterministicDeployer.js";

/** The salt Sluice deploys its executor with (any other is allowed with `--salt`). */
export const EXECUTOR_SALT: Hex = keccak256(stringToHex("Sluice SluiceExecutor v1"));

export type PredictExecutorAddressParameters = {
  /** The executor's first admin: the key that deploys and initialises it (part of the init code, so of the address). */
  initialAdmin: Address;
  salt?: Hex;
};

export type PredictExecutorAddressReturnType = { address: Address; initCode: Hex; salt: Hex };

/** Where the deterministic deployment proxy puts the executor: the same address on every chain for one admin and salt. */
export function predictExecutorAddress({ initialAdmin, salt = EXECUTOR_SALT }: PredictExecutorAddressParameters): PredictExecutorAddressReturnType {
  const initCode = encodeDeployData({ abi: executorArtifact.abi, bytecode: executorArtifact.bytecode, args: [initialAdmin] });
  const address = getContractAddress({ opcode: "CREATE2", from: DETERMINISTIC_DEPLOYER, salt, bytecode: initCode });
  return { address, initCode, salt };
}
