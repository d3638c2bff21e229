/**
 * `text` with every http(s) URL cut to its origin (`https://eth-mainnet.example.com/…`). Provider RPC URLs carry their
 * API key in the path (`/v2/<key>`) or the query (`?apikey=`), and a viem error's message quotes the URL it failed on:
 * logged as it is, an outage would write the key into every error line. The origin still says which provider failed.
 * Credentials before the host (`user:pass@`) go too.
 */
export function redactUrlSecrets(text: string): string {
  return text.replace(/\b(https?):\/\/(?:[^\s/?#@"'`<>]*@)?([^\s/?#"'`<>]+)([/?#][^\s"'`<>]*)?/gi,
    (_url, scheme: string, host: string, rest: string | undefined) => `${scheme}://${host}${rest && rest !== "/" ? "/…" : ""}`);
}
