/**
 * Reads a binary workerd configuration on stdin and writes it to stdout with the V8 flags of
 * `SLUICE_WORKERD_V8_FLAGS` (space-separated) added. Run by `workerd-with-v8-flags.sh`.
 */
import { withV8Flags } from "./withV8Flags.js";

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const flags = (process.env.SLUICE_WORKERD_V8_FLAGS ?? "").split(" ").filter((flag) => flag !== "");
process.stdout.write(withV8Flags(Buffer.concat(chunks), flags));
