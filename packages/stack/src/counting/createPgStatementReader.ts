/** One statement a client asked Postgres to run: its first keyword (`select`, `insert`, `begin` …) and whether it writes. */
export type PgStatement = { keyword: string; write: boolean };

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

/**
 * Reads the frontend (client → server) half of the Postgres wire protocol and reports each statement run: a simple
 * `Query` ('Q') as one, and each extended-protocol `Execute` ('E') as one, named after the text its portal was bound
 * to (`Parse` 'P' → statement name → `Bind` 'B' → portal). The untyped startup packets (SSL/GSS requests, the
 * startup message) are skipped. Feed it the client's bytes in order, in any chunking.
 */
export function createPgStatementReader(onStatement: (statement: PgStatement) => void): (chunk: Buffer) => void {
  let buffer = Buffer.alloc(0);
  let started = false;
  const statements = new Map<string, string>();
  const portals = new Map<string, string>();
  return (chunk) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    for (;;) {
      if (!started) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        if (buffer.length < length) return;
        const code = buffer.readInt32BE(4);
        started = code !== SSL_REQUEST && code !== GSSENC_REQUEST;
        buffer = buffer.subarray(length);
        continue;
      }
      if (buffer.length < 5) return;
      const length = buffer.readInt32BE(1);
      if (buffer.length < 1 + length) return;
      const type = String.fromCharCode(buffer[0]!);
      const body = buffer.subarray(5, 1 + length);
      buffer = buffer.subarray(1 + length);
      if (type === "Q") {
        onStatement(classify(cstrings(body, 1)[0]!));
      } else if (type === "P") {
        const [name, text] = cstrings(body, 2);
        statements.set(name!, text!);
      } else if (type === "B") {
        const [portal, statement] = cstrings(body, 2);
        portals.set(portal!, statements.get(statement!) ?? "");
      } else if (type === "E") {
        onStatement(classify(portals.get(cstrings(body, 1)[0]!) ?? ""));
      }
    }
  };
}

function cstrings(body: Buffer, count: number): string[] {
  const out: string[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    const end = body.indexOf(0, at);
    out.push(body.toString("utf8", at, end < 0 ? body.length : end));
    at = end + 1;
  }
  return out;
}

function classify(text: string): PgStatement {
  const keyword = (/^\s*([a-z]+)/i.exec(text)?.[1] ?? "unknown").toLowerCase();
  const write = ["insert", "update", "delete", "merge", "copy"].includes(keyword)
    || (keyword === "with" && /\binsert\s+into\b|\bupdate\s+\S+\s+set\b|\bdelete\s+from\b/i.test(text));
  return { keyword, write };
}
