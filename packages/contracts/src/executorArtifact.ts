/**
 * The compiled executor, read from the committed artifact so that deploying needs no compiler at run time.
 */
import type { Abi, Hex } from "viem";
import artifact from "../artifacts/SluiceExecutor.json" with { type: "json" };

export const executorArtifact = artifact as { abi: Abi; bytecode: Hex };
