import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { describeCommittedArtifacts } from "@sluice/testkit";
import { artifactsDir, contractsDir } from "../paths.js";
import { coreExecutorAbiPath, executorAbiSource } from "./writeExecutorAbi.js";
import { coreTickBitmapLensPath, tickBitmapLensSource } from "./writeTickBitmapLens.js";
import { coreTokenProbePath, tokenProbeSource } from "./writeTokenProbe.js";

describeCommittedArtifacts(contractsDir, artifactsDir);

describe("core's executor ABI", () => {
  it("is generated from the committed artifact", () => {
    expect(readFileSync(coreExecutorAbiPath, "utf8")).toBe(executorAbiSource());
  });
});

describe("core's token probe", () => {
  it("is generated from the committed artifact", () => {
    expect(readFileSync(coreTokenProbePath, "utf8")).toBe(tokenProbeSource());
  });
});

describe("core's tick bitmap lens", () => {
  it("is generated from the committed artifact", () => {
    expect(readFileSync(coreTickBitmapLensPath, "utf8")).toBe(tickBitmapLensSource());
  });
});
