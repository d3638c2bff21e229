/**
 * `pnpm start`: every Sluice area in one Node process. Settings come from the process environment, and from a
 * `.env` file in the working directory when there is one (`SLUICE_ENV_FILE` names another); see README "Node host".
 */
import { existsSync } from "node:fs";
import { errorText, logEvent } from "@sluice/core";
import { prepareGatewayAssets } from "@sluice/worker-gateway/src/prepareGatewayAssets.js";
import { nodeHostSettingsSchema } from "./nodeHostSettings.js";
import { startNodeHost } from "./startNodeHost.js";

const envFile = process.env.SLUICE_ENV_FILE ?? ".env";
if (existsSync(envFile)) process.loadEnvFile(envFile);
else if (process.env.SLUICE_ENV_FILE) throw new Error(`SLUICE_ENV_FILE: ${envFile} does not exist`);

const parsed = nodeHostSettingsSchema.safeParse(process.env);
if (!parsed.success) {
  const issue = parsed.error.issues[0]!;
  console.error(`configuration: ${issue.path.join(".")}: ${issue.message}`);
  process.exit(1);
}

// The /docs viewer script, copied from the installed package as a deployment does (git-ignored, so a fresh checkout
// has none). A read-only install keeps what it has: the host serves without it.
try {
  prepareGatewayAssets();
} catch (error) {
  logEvent("warn", "the /docs viewer script could not be prepared", { error: error instanceof Error ? error.message : String(error) });
}

// A promise no one awaited that rejects is a bug, but it must not end the process serving every area: log it (its
// message only, as the request log does) and keep serving.
process.on("unhandledRejection", (reason: unknown) => {
  logEvent("error", "unhandled rejection", { error: errorText(reason) });
});

const host = await startNodeHost({
  settings: process.env,
  host: parsed.data.HOST,
  port: parsed.data.PORT,
  sandboxPort: parsed.data.SANDBOX_PORT,
  stopGraceMs: parsed.data.STOP_GRACE_SECONDS * 1000,
  trustedProxyHops: parsed.data.TRUSTED_PROXY_HOPS,
  crons: process.env.SLUICE_CRONS !== "off",
  log: (line) => process.stdout.write(`${line}\n`),
}).catch((error: unknown) => {
  console.error(`the Node host did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
process.stdout.write(`Sluice ready on ${host.url} (sandbox ${host.sandboxUrl})\n`);

let stopping = false;
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) {
      // A second signal: the operator will not wait for the grace period.
      logEvent("warn", "node host stopped at once", { signal });
      process.exit(1);
    }
    stopping = true;
    logEvent("info", "node host stopping", { signal });
    host.stop().then(() => process.exit(0), (error: unknown) => {
      console.error("the Node host did not stop cleanly", error);
      process.exit(1);
    });
  });
}
