import type { Requester } from "./http.js";
import type { Account, OkAnswer, Rebate, UsageEvent, UsagePage } from "./types.js";

export type UsageParams = {
  /** A UTC month, `YYYY-MM`; default every month. */
  period?: string;
  eventType?: UsageEvent["event_type"];
  /** Events per page (default 100, at most 1000). */
  pageSize?: number;
  signal?: AbortSignal;
};

/** Every usage event of the key's account, newest first, across all pages; `pages()` gives the pages with their totals. */
export type UsageIterable = AsyncIterable<UsageEvent> & {
  pages(): AsyncIterable<UsagePage>;
  /** Every event in one array (reads every page). */
  toArray(): Promise<UsageEvent[]>;
};

export function usage(request: Requester, params: UsageParams = {}): UsageIterable {
  async function* pages(): AsyncGenerator<UsagePage> {
    let cursor: string | undefined;
    do {
      const page = await request<UsagePage>("GET", "/api/v1/usage", {
        query: { period: params.period, event_type: params.eventType, limit: params.pageSize, cursor },
        signal: params.signal,
      });
      yield page;
      cursor = page.next_cursor ?? undefined;
    } while (cursor);
  }
  async function* events(): AsyncGenerator<UsageEvent> {
    for await (const page of pages()) yield* page.events;
  }
  return {
    [Symbol.asyncIterator]: events,
    pages,
    async toArray() {
      const all: UsageEvent[] = [];
      for await (const event of events()) all.push(event);
      return all;
    },
  };
}

export async function account(request: Requester, signal?: AbortSignal): Promise<Account> {
  return (await request<OkAnswer<"getAccount">>("GET", "/api/v1/account", { signal })).account;
}

export async function rebates(request: Requester, params: { period?: string; signal?: AbortSignal } = {}): Promise<Rebate[]> {
  return (await request<OkAnswer<"getRebates">>("GET", "/api/v1/rebates", { query: { period: params.period }, signal: params.signal })).rebates;
}
