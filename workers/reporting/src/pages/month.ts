import { currentUtcMonth, MONTH_PATTERN, SluiceError } from "@sluice/core";

/** The page's `month` query (`YYYY-MM`, default the current UTC month); anything else is a 400 naming the field. */
export function monthQuery(value: string | undefined, field = "month"): string {
  if (value === undefined || value === "") return currentUtcMonth();
  if (!MONTH_PATTERN.test(value)) throw new SluiceError("MALFORMED_REQUEST", `${field}: must be a month as YYYY-MM, got '${value.slice(0, 40)}'`);
  return value;
}
