import { numeric, timestamp } from "drizzle-orm/pg-core";

/** When the row was written. */
export const createdAt = timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

/** USD, exact: never a float. Read back as a decimal string. */
export const usd = (name: string) => numeric(name, { precision: 38, scale: 18 });

/** A raw token amount (uint256 fits in 78 digits), exact. Read back as a decimal string. */
export const rawAmount = (name: string) => numeric(name, { precision: 78, scale: 0 });
