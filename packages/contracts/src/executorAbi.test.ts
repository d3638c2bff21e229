/** The ABI the service encodes with must be the ABI of the bytecode the devnet deploys. */
import { describe, expect, it } from "vitest";
import { executorAbi } from "@sluice/core";
import { executorArtifact } from "./executorArtifact.js";

describe("executor ABI", () => {
  it("core's executorAbi equals the committed artifact's ABI", () => {
    expect(executorAbi).toEqual(executorArtifact.abi);
  });
});
