import type { AppEnv, OperatorSession, PartnerSession } from "@sluice/core";

/** A submitted form's fields (strings only: the pages upload no files). */
export type FormFields = Record<string, string>;

/** The pages' Hono environment: the worker's, plus the session and the checked form of the request. */
export type PagesEnv = {
  Bindings: AppEnv["Bindings"];
  Variables: AppEnv["Variables"] & { partner: PartnerSession; operator: OperatorSession; form: FormFields };
};
