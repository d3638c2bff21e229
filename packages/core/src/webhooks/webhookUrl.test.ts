import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { isPublicAddress, parseIpv6 } from "./addressRules.js";
import { checkWebhookUrl, resolveWithDoh, WEBHOOK_DNS_CONTROL_NAME } from "./webhookUrl.js";
import { decryptWebhookSecret, encryptWebhookSecret, generateWebhookSecret, signWebhookBody } from "./webhookSecrets.js";

const refused = [
  "0.0.0.0", "10.0.0.1", "10.255.255.255", "100.64.0.1", "100.127.255.254", "127.0.0.1", "127.1.2.3", "169.254.169.254",
  "172.16.0.1", "172.31.255.255", "192.0.0.8", "192.0.2.1", "192.168.1.1", "198.18.0.1", "198.51.100.7", "203.0.113.9",
  "224.0.0.1", "239.255.255.250", "240.0.0.1", "255.255.255.255",
  "::", "::1", "::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:8.8.8.8", "::127.0.0.1", "64:ff9b::a00:1", "fc00::1", "fd12:3456::1",
  "fe80::1", "fec0::1", "ff02::1", "2001:db8::1", "2002:c0a8:101::1", "2001:0:4136:e378::1", "100::1", "[::1]",
];
const allowed = ["8.8.8.8", "1.1.1.1", "93.184.216.34", "100.63.255.255", "100.128.0.1", "172.15.255.255", "172.32.0.1", "2606:4700:4700::1111", "2a00:1450:4001:80b::200e"];

describe("webhook address rules", () => {
  it.each(refused)("refuses %s", (address) => expect(isPublicAddress(address)).toBe(false));
  it.each(allowed)("allows %s", (address) => expect(isPublicAddress(address)).toBe(true));
  it("parses IPv6 forms exactly and refuses what is not an address", () => {
    expect(parseIpv6("::ffff:10.0.0.1")).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0a00, 0x0001]);
    for (const bad of ["1::2::3", "12345::", "1:2:3:4:5:6:7:8:9", "fe80::1%eth0", "example.com", "1.2.3"]) {
      expect(isPublicAddress(bad), bad).toBe(false);
    }
  });
});

describe("checkWebhookUrl", () => {
  const strict = { resolve: async (host: string) => ({ "hooks.partner.example": ["93.184.216.34"], "rebind.example": ["93.184.216.34", "10.1.2.3"], "v6.example": ["::ffff:169.254.169.254"] } as Record<string, string[]>)[host] ?? [] };
  const reason = async (url: string, policy: Parameters<typeof checkWebhookUrl>[1] = strict) =>
    checkWebhookUrl(url, policy).then(() => "accepted", (error: Error) => error.message);

  it("accepts https on public addresses and names that resolve only to public ones", async () => {
    expect(await checkWebhookUrl("https://hooks.partner.example/sluice?x=1", strict)).toBe("https://hooks.partner.example/sluice?x=1");
    expect(await reason("https://93.184.216.34:8443/in")).toBe("accepted");
    expect(await reason("https://[2606:4700:4700::1111]/in")).toBe("accepted");
  });

  it("refuses private, loopback, link-local, CGNAT, ULA and mapped targets, literal or resolved, naming url", async () => {
    for (const url of [
      "https://127.0.0.1/", "https://10.0.0.5/", "https://169.254.169.254/latest/meta-data", "https://100.64.1.1/",
      "https://[::1]/", "https://[fd00::1]/", "https://[::ffff:127.0.0.1]/", "https://[fe80::1]/", "https://0x7f000001/",
      "https://2130706433/", "https://017700000001/", "https://localhost/", "https://localhost./", "https://LOCALHOST:443/", "https://printer.local/", "https://127.0.0.1./", "https://intranet/",
      "https://rebind.example/", "https://v6.example/", "https://nowhere.example/",
    ]) {
      expect(await reason(url), url).toMatch(/^url: /);
      expect(await reason(url), url).not.toBe("accepted");
    }
  });

  it("refuses other schemes, credentials and fragments; http only for 127.0.0.1 with the local setting", async () => {
    expect(await reason("http://93.184.216.34/")).toBe("url: must use https, got http");
    expect(await reason("ftp://93.184.216.34/")).toMatch(/^url: must use https/);
    expect(await reason("https://user:pw@93.184.216.34/")).toMatch(/^url: must not carry credentials/);
    expect(await reason("https://93.184.216.34/#x")).toMatch(/^url: must not have a fragment/);
    expect(await reason("not a url")).toMatch(/^url: must be an absolute https URL/);
    expect(await reason("http://127.0.0.1:9999/hook")).toBe("url: must use https, got http");
    const local = { ...strict, allowLocalHttp: true };
    expect(await reason("http://127.0.0.1:9999/hook", local)).toBe("accepted");
    expect(await reason("http://localhost:9999/hook", local)).toMatch(/^url: must use https/);
    expect(await reason("http://10.0.0.1/hook", local)).toMatch(/^url: must use https/);
    expect(await reason("https://10.0.0.1/hook", local)).toMatch(/^url: must be a public address/);
  });

  // Stored and checked again before each delivery in its normalised form: 600 "é" (1 character typed, 6 encoded) made a
  // URL of 624 characters accepted at creation and refused at every delivery, until the endpoint was disabled.
  it("measures the length of the URL as stored: non-ASCII that percent-encodes past 2048 characters is refused at once", async () => {
    const typed = `https://93.184.216.34/${"é".repeat(600)}`;
    expect(typed.length).toBeLessThan(2048);
    expect(await reason(typed)).toBe("url: must be at most 2048 characters once normalised (non-ASCII characters are percent-encoded)");
    expect(await reason(`https://93.184.216.34/${"é".repeat(300)}`)).toBe("accepted");
  });

  it("refuses a host name when no resolver is configured or it fails", async () => {
    expect(await reason("https://hooks.partner.example/", {})).toMatch(/^url: host names cannot be resolved/);
    const offline = await checkWebhookUrl("https://hooks.partner.example/", { resolve: async () => { throw new Error("offline"); } }).catch((e) => e);
    expect(offline).toMatchObject({ code: "UPSTREAM_ERROR", message: expect.stringMatching(/^url: .* could not be resolved just now \(offline\)/) });
  });

  it("a name whose own DNS fails (the resolver answers SERVFAIL) is the host's failure, not the resolver's", async () => {
    const doh = (status: number) => resolveWithDoh("https://doh.example/dns-query", (async () => new Response(JSON.stringify({ Status: status }), { status: 200 })) as typeof fetch);
    const servfail = await checkWebhookUrl("https://hooks.partner.example/", { resolve: doh(2) }).catch((e) => e);
    expect(servfail).toMatchObject({ code: "MALFORMED_REQUEST", message: "url: hooks.partner.example could not be resolved: its DNS answered status 2" });
    const down = resolveWithDoh("https://doh.example/dns-query", (async () => new Response("busy", { status: 503 })) as typeof fetch);
    expect(await checkWebhookUrl("https://hooks.partner.example/", { resolve: down }).catch((e) => e)).toMatchObject({ code: "UPSTREAM_ERROR" });
  });
});

describe("checkWebhookUrl when a name's lookup fails without a DNS status", () => {
  const timedOut = () => Object.assign(new Error("The operation was aborted due to timeout"), { name: "TimeoutError" });

  it("is the host's failure when the same resolver answers a well-known name, and Sluice's when it answers nothing", async () => {
    const asked: string[] = [];
    const slowForOneHost = async (host: string) => {
      asked.push(host);
      if (host === "hooks.slow.example") throw timedOut();
      return ["93.184.216.34"];
    };
    const refused = await checkWebhookUrl("https://hooks.slow.example/in", { resolve: slowForOneHost }).catch((e) => e);
    expect(refused).toMatchObject({ code: "MALFORMED_REQUEST", message: expect.stringMatching(/^url: hooks\.slow\.example could not be resolved: its DNS did not answer/) });
    expect(asked).toEqual(["hooks.slow.example", WEBHOOK_DNS_CONTROL_NAME]);
    // The control's answer is reused for a while: not a second lookup per failing delivery.
    await checkWebhookUrl("https://hooks.slow.example/again", { resolve: slowForOneHost }).catch(() => {});
    expect(asked.filter((host) => host === WEBHOOK_DNS_CONTROL_NAME)).toHaveLength(1);

    const down = await checkWebhookUrl("https://hooks.slow.example/in", { resolve: async () => { throw timedOut(); } }).catch((e) => e);
    expect(down).toMatchObject({ code: "UPSTREAM_ERROR" });
  });

  it("waits for both lookups (A and AAAA) before failing, so a failing attempt never has more lookups open than two", async () => {
    let open = 0;
    let most = 0;
    const fetcher = (async (input: string) => {
      open++;
      most = Math.max(most, open);
      try {
        const a = input.endsWith("type=1");
        await new Promise((resolve) => setTimeout(resolve, a ? 10 : 100));
        if (a) throw new TypeError("fetch failed");
        return new Response(JSON.stringify({ Status: 0, Answer: [] }), { status: 200 });
      } finally {
        open--;
      }
    }) as unknown as typeof fetch;
    const resolve = resolveWithDoh("https://doh.example/dns-query", fetcher);
    await expect(resolve("hooks.partner.example")).rejects.toThrow("fetch failed");
    expect(open).toBe(0);
    // The control lookup (two more) starts only once the failed name's lookups are over.
    await checkWebhookUrl("https://hooks.partner.example/", { resolve }).catch(() => {});
    expect(open).toBe(0);
    expect(most).toBe(2);
  });
});

describe("webhook secrets and signatures", () => {
  const key = "11".repeat(32);
  it("encrypts a secret bound to its endpoint and decrypts it back", async () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const stored = await encryptWebhookSecret(key, "whk_a", secret);
    expect(stored).not.toContain(secret.slice(6));
    expect(await decryptWebhookSecret(key, "whk_a", stored)).toBe(secret);
    await expect(decryptWebhookSecret(key, "whk_b", stored)).rejects.toThrow();
    await expect(decryptWebhookSecret("22".repeat(32), "whk_a", stored)).rejects.toThrow();
  });

  it("signs t.body with HMAC-SHA256 as the receiving side computes it", async () => {
    const body = JSON.stringify({ id: "whe_1", type: "swap.executed" });
    const header = await signWebhookBody("whsec_abc", body, 1_700_000_000);
    const expected = createHmac("sha256", "whsec_abc").update(`1700000000.${body}`).digest("hex");
    expect(header).toBe(`t=1700000000,v1=${expected}`);
  });
});
