import { createApp, registerOpenApiDocument } from "@sluice/core";
import { bridgeConfigSchema, type BridgeEnv } from "./bridgeEnv.js";
import { registerGetBridgeChains } from "./routes/chains.js";
import { registerGetBridgeTokens } from "./routes/tokens.js";
import { registerPostBridgeQuote } from "./routes/quote.js";
import { registerGetBridgeStatus } from "./routes/status.js";
import { registerPostBridgeTrack } from "./routes/track.js";
import { scheduled } from "./scheduled.js";

/** Bridge: chains, tokens, validated Across quotes, deposit status and tracking; cron: reconcile tracked deposits. */
const app = createApp<BridgeEnv>({ name: "bridge", config: bridgeConfigSchema });
registerGetBridgeChains(app);
registerGetBridgeTokens(app);
registerPostBridgeQuote(app);
registerGetBridgeStatus(app);
registerPostBridgeTrack(app);
registerOpenApiDocument(app, "Sluice bridge");

export default { fetch: app.fetch, scheduled } satisfies ExportedHandler<object>;
