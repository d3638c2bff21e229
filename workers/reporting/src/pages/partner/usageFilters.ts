import { formatZodIssue, SluiceError, UsageQuery } from "@sluice/core";

export type UsageFilters = { period?: string; eventType?: "route" | "solve"; cursor?: string };

/**
 * The usage page's and the CSV export's filters, validated by the same schema as `GET /api/v1/usage` (so a bad
 * period or event type is refused with the same field-named message). Empty fields mean "any".
 */
export function usageFilters(query: Record<string, string>): UsageFilters {
  const given = Object.fromEntries(Object.entries(query).filter(([name, value]) => value !== "" && ["period", "event_type", "cursor"].includes(name)));
  const parsed = UsageQuery.safeParse(given);
  if (!parsed.success) throw new SluiceError("MALFORMED_REQUEST", formatZodIssue(parsed.error.issues[0]!, { input: given, textual: true }));
  return { period: parsed.data.period, eventType: parsed.data.event_type, cursor: parsed.data.cursor };
}

/** The query string of the filters (for links: next page, CSV export). */
export function filtersQuery(filters: UsageFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (filters.period) params.set("period", filters.period);
  if (filters.eventType) params.set("event_type", filters.eventType);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const text = params.toString();
  return text ? `?${text}` : "";
}
