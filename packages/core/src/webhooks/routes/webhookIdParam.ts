import { z } from "@hono/zod-openapi";

/** `{id}` of the webhook paths: an unknown id and another account's answer the same 404. */
export const WebhookIdParams = z.object({
  id: z.string().min(1).max(64).openapi({ param: { name: "id", in: "path" }, example: "whk_3k9x0m2n4p6q8r0s2t4v" }),
});
