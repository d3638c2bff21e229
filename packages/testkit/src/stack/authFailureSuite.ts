import { describe, expect, it } from "vitest";
import { admin, call, type CallParameters } from "./http.js";
import { createPartner, issueKey } from "./partners.js";
import { untilMinuteHasRoomFor } from "./rateLimitWindow.js";

export type AuthenticatedEndpoint = {
  method: "GET" | "POST";
  path: string;
  /** A valid request body, so only the key decides the outcome. */
  body?: unknown;
  target?: CallParameters["target"];
  /** The environment whose keys the endpoint accepts. */
  environment: "production" | "sandbox";
};

const MESSAGE = "Invalid or revoked API key";

/**
 * The one suite every authenticated endpoint runs: each way a key can be wrong answers the same message,
 * 401 (429 for the rate limit), and nothing else reveals which way it was.
 */
export function describeAuthFailures(endpoint: AuthenticatedEndpoint) {
  const request = (key?: string) => call(endpoint.path, { method: endpoint.method, body: endpoint.body, key, target: endpoint.target });
  const expectRefused = async (key: string | undefined, status = 401) => {
    const response = await request(key);
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ ok: false, error: MESSAGE });
    return response;
  };
  const other = endpoint.environment === "production" ? "sandbox" : "production";

  describe(`${endpoint.method} ${endpoint.path} refuses bad keys`, () => {
    it("missing key", () => expectRefused(undefined));
    it("malformed key (not hex, wrong length, empty)", async () => {
      await expectRefused("z".repeat(40));
      await expectRefused("ab12");
      await expectRefused("a".repeat(41));
      await expectRefused("");
    });
    it("well-formed but unknown key", () => expectRefused("0123456789abcdef0123456789abcdef01234567"));
    it("revoked key, from the very next request", async () => {
      const partner = await createPartner({ environment: endpoint.environment });
      expect((await request(partner.key)).status).not.toBe(401); // cached as active
      expect((await admin(`/admin/v1/keys/${partner.keyId}/revoke`, { method: "POST" })).status).toBe(200);
      await expectRefused(partner.key);
    });
    it(`${other} key`, async () => {
      const partner = await createPartner({ environment: other });
      await expectRefused(partner.key);
    });
    it("rate-limited key answers 429 with Retry-After", async () => {
      const partner = await createPartner({ environment: endpoint.environment, rateLimitPerMinute: 2 });
      await untilMinuteHasRoomFor(10_000);
      for (let i = 0; i < 2; i++) expect((await request(partner.key)).status).not.toBe(429);
      const limited = await expectRefused(partner.key, 429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(limited.headers.get("x-ratelimit-limit")).toBe("2");
      expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
      // another key of the same account has its own budget
      const second = await issueKey(partner.slug, { environment: endpoint.environment });
      expect((await request(second.key)).status).not.toBe(429);
    });
  });
}
