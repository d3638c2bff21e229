import { z } from "@hono/zod-openapi";
import { errorStatus, type ErrorCode } from "../errors/errorCodes.js";
import { API_KEY_HEADER } from "./requireApiKey.js";

/** The error envelope every endpoint answers with (decisions §2.1). */
export const ErrorSchema = z.object({
  ok: z.literal(false),
  error: z.string().openapi({ description: "Human-readable message naming what is wrong", example: "amount: is required" }),
  code: z.string().openapi({ description: "Machine-readable error code", example: "MALFORMED_REQUEST" }),
}).openapi("Error");

/** The security requirement of key-authenticated routes, for `createRoute({ security })`. */
export const apiKeySecurity = [{ ApiKey: [] }];

export const apiKeySecurityScheme = {
  type: "apiKey" as const,
  in: "header" as const,
  name: API_KEY_HEADER,
  description: "A 40-character hexadecimal key issued by the operator. Production and sandbox keys are distinct.",
};

/**
 * OpenAPI `responses` entries for the given error codes, grouped by status, each describing which codes it
 * carries — so every error code an endpoint can answer is documented.
 */
export function errorResponses(codes: ErrorCode[], schema: z.ZodType = ErrorSchema) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(errorStatus[code], [...(byStatus.get(errorStatus[code]) ?? []), code]);
  return Object.fromEntries([...byStatus].map(([status, list]) => [status, {
    description: `Error: ${list.join(", ")}`,
    content: { "application/json": { schema } },
  }]));
}

/** The errors of every key-authenticated route. */
export const authErrorCodes: ErrorCode[] = ["UNAUTHORIZED", "RATE_LIMITED", "DEPENDENCY_DOWN"];
