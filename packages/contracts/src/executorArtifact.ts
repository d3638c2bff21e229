/**
 * The compiled executor, read from the committed artifact so that deploying needs no compiler at run time. The
 * executor has no immutables, so `deployedBytecode` is exactly the code a deployment leaves on chain.
 */
import type { Abi, Hex } from "viem";
import artifact from "../artifacts/SluiceExecutor.json" with { type: "json" };

export const executorArtifact = artifact as { abi: Abi; bytecode: Hex; deployedBytecode: Hex };
