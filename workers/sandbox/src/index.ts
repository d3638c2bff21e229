import { createApp } from "@sluice/core";

/** The sandbox at {sandbox_url}. */
const app = createApp();
app.get("/health", (c) => c.json({ ok: true, status: "ok" }));

export default app;
