import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium, type Browser } from "playwright-core";
import { REPO_ROOT } from "@sluice/stack";

/** Debian's Chromium (`apt-get install chromium`; `.ci/run` installs it when it is missing). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Flags for a closed network: without them Chromium tries to reach Google's services at start (components, sync,
 * QUIC probes) and stalls. Headless, no GPU; no sandbox because CI runs as root.
 */
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync"];

/** Real Chromium driven by playwright-core. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is not installed at ${CHROMIUM_PATH}: run \`apt-get install -y chromium\` (bash .ci/run does it), or set CHROMIUM_PATH`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS, timeout: 60_000 });
}

/** Where a test's screenshots go (`test-artifacts/<name>/`, gitignored; CI keeps the folder as the run's artifacts). */
export function artifactsDir(name: string): string {
  const dir = join(REPO_ROOT, "test-artifacts", name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

export type { Browser, BrowserContext, Page } from "playwright-core";
