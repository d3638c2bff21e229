import { inject } from "vitest";

/** An HTTP answer of the dashboard or operator pages (HTML), with the cookies it set. */
export type PageResponse = { status: number; headers: Headers; text: string; location: string | null; cookies: Record<string, string> };

function setCookies(headers: Headers): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(";");
    const at = pair!.indexOf("=");
    cookies[pair!.slice(0, at)] = pair!.slice(at + 1);
  }
  return cookies;
}

export type PageRequest = {
  /** Cookies to send, by name. */
  cookies?: Record<string, string>;
  /** A form to POST (url-encoded); as pairs, a field may repeat (checkboxes of one name). */
  form?: Record<string, string> | [string, string][];
  headers?: Record<string, string>;
  method?: string;
};

/** One request to the pages on the public entry, redirects not followed (a test looks at them). */
export async function page(path: string, request: PageRequest = {}): Promise<PageResponse> {
  const headers: Record<string, string> = { ...request.headers };
  const cookies = Object.entries(request.cookies ?? {}).map(([name, value]) => `${name}=${value}`).join("; ");
  if (cookies) headers.Cookie = cookies;
  let body: string | undefined;
  if (request.form) {
    body = new URLSearchParams(request.form).toString();
    headers["Content-Type"] ??= "application/x-www-form-urlencoded";
  }
  const response = await fetch(inject("stack").baseUrl + path, {
    method: request.method ?? (body !== undefined ? "POST" : "GET"), headers, body, redirect: "manual",
  });
  return { status: response.status, headers: response.headers, text: await response.text(), location: response.headers.get("location"), cookies: setCookies(response.headers) };
}

/** The value of a hidden CSRF field in a page's HTML (the first form's). */
export function csrfOf(html: string): string {
  const match = /name="csrf" value="([^"]+)"/.exec(html);
  if (!match) throw new Error("the page has no CSRF field");
  return match[1]!;
}

export const PARTNER_COOKIE = "__Host-sluice-partner";
export const OPERATOR_COOKIE = "__Host-sluice-operator";
export const SIGN_IN_COOKIE = "__Host-sluice-sign-in";

export type PageSession = { cookies: Record<string, string>; csrf: string };

/** Signs in to the dashboard (`key`) or the operator pages (`token`) over plain HTTP, as a browser's form would. */
export async function signInPages(area: "partner" | "operator", secret: string): Promise<PageSession> {
  const base = area === "partner" ? "/dashboard" : "/admin";
  const form = await page(`${base}/login`);
  const signedIn = await page(`${base}/login`, {
    cookies: { [SIGN_IN_COOKIE]: form.cookies[SIGN_IN_COOKIE]! },
    form: { csrf: csrfOf(form.text), [area === "partner" ? "key" : "token"]: secret },
  });
  const name = area === "partner" ? PARTNER_COOKIE : OPERATOR_COOKIE;
  if (signedIn.status !== 303 || !signedIn.cookies[name]) throw new Error(`signing in failed: ${signedIn.status} ${signedIn.text.slice(0, 300)}`);
  const cookies = { [name]: signedIn.cookies[name]! };
  const home = await page(base, { cookies });
  return { cookies, csrf: csrfOf(home.text) };
}
