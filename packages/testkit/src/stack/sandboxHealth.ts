import { call } from "./http.js";

type Health = Awaited<ReturnType<typeof call<Record<string, any>>>>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The sandbox's `/health` answer once it shows what `expected` looks for, or the last one after `withinMs`: the
 * sandbox's isolate reuses a check for a few seconds (its `HEALTH_REUSE_MS`, 5 s), so a dependency taken down or
 * brought back shows within that window, not at once.
 */
export async function sandboxHealthOnce(expected: (health: Health) => boolean, withinMs = 10_000): Promise<Health> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const response = await call("/health", { target: "sandbox" });
    if (expected(response) || Date.now() > deadline) return response;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
