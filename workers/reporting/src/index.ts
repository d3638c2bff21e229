import { createReportingApp } from "./createReportingApp.js";
import { scheduled } from "./scheduled.js";

/** Reporting: the partner's account, usage, rebates and webhooks; the operator's admin API; usage recording; settlement; webhook delivery. */
const app = createReportingApp();

/** The internal recording path, reached by other workers through a service binding with this entrypoint. */
export { UsageRecorder } from "./usageRecorder.js";

export default { fetch: app.fetch, scheduled } satisfies ExportedHandler<object>;
