/** Errors in the shape Across' API answers them: `{ type: "AcrossApiError", code, status, message, param?, id }`. */
import { randomUUID } from "node:crypto";

export class AcrossApiError extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly param?: string) {
    super(message);
  }

  toJSON() {
    return { type: "AcrossApiError", code: this.code, status: this.status, message: this.message, param: this.param, id: randomUUID() };
  }
}

export const invalidParam = (param: string, message: string) => new AcrossApiError(400, "INVALID_PARAM", message, param);
