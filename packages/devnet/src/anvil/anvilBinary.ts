import { createRequire } from "node:module";

const platformPackages: Record<string, Record<string, string>> = {
  linux: { x64: "linux-amd64", arm64: "linux-arm64" },
  darwin: { x64: "darwin-amd64", arm64: "darwin-arm64" },
  win32: { x64: "win32-amd64" },
};

/**
 * Path of the native anvil binary shipped by `@foundry-rs/anvil`'s platform package. Resolved from the package (not
 * run through its `bin.mjs` wrapper) so that the pid we hold is anvil's own and a signal reaches it directly.
 */
export function anvilBinaryPath(): string {
  const suffix = platformPackages[process.platform]?.[process.arch];
  if (!suffix) throw new Error(`anvil is not shipped for ${process.platform}/${process.arch}`);
  const fromDevnet = createRequire(import.meta.url);
  const fromAnvil = createRequire(fromDevnet.resolve("@foundry-rs/anvil/package.json"));
  const binary = process.platform === "win32" ? "anvil.exe" : "anvil";
  return fromAnvil.resolve(`@foundry-rs/anvil-${suffix}/bin/${binary}`);
}
