import { defineConfig } from "tsup";

/**
 * The published builds: ESM and CommonJS with type declarations. `index` is the library (web platform APIs only:
 * fetch, WebCrypto), `cli` the `sluice` command (its hashbang is kept). viem is a peer dependency, never bundled.
 */
export default defineConfig({
  entry: { index: "src/index.ts", cli: "src/cli.ts" },
  format: ["esm", "cjs"],
  dts: { entry: { index: "src/index.ts" } },
  clean: true,
  target: "es2022",
  platform: "neutral",
  external: ["viem"],
  sourcemap: true,
});
