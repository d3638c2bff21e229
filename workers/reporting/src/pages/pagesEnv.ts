import type { OperatorSession, PartnerSession } from "@sluice/core";
import type { ReportingEnv } from "../env.js";

/** A submitted form's fields (strings only: the pages upload no files). */
export type FormFields = Record<string, string>;

/** The pages' Hono environment: the reporting worker's, plus the session and the checked form of the request. */
export type PagesEnv = {
  Bindings: ReportingEnv["Bindings"];
  Variables: ReportingEnv["Variables"] & { partner: PartnerSession; operator: OperatorSession; form: FormFields; formLists: Record<string, string[]> };
};
