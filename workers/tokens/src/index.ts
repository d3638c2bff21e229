import { createApp, registerOpenApiDocument, sluiceConfigSchema } from "@sluice/core";
import { registerGetTokens } from "./routes/tokens.js";

/** Tokens: GET /api/v1/tokens, the routable token list of each chain. */
const app = createApp({ name: "tokens", config: sluiceConfigSchema });
registerGetTokens(app);
registerOpenApiDocument(app, "Sluice tokens");

export default app;
