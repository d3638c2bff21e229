import { describe, expect, it } from "vitest";
import { WorkerdConfigEditError, withV8Flags } from "./withV8Flags.js";

/** A Cap'n Proto message (stream framing) from segments given as lists of [lo, hi] words. */
function message(segments: Array<Array<[number, number]>>): Uint8Array {
  const headerWords = Math.ceil((1 + segments.length) / 2);
  const words = headerWords + segments.reduce((n, s) => n + s.length, 0);
  const view = new DataView(new ArrayBuffer(8 * words));
  view.setUint32(0, segments.length - 1, true);
  segments.forEach((s, i) => view.setUint32(4 + 4 * i, s.length, true));
  let at = headerWords;
  for (const segment of segments) for (const [lo, hi] of segment) { view.setUint32(8 * at, lo, true); view.setUint32(8 * at + 4, hi, true); at++; }
  return new Uint8Array(view.buffer);
}

/** Reads the message back: each segment's words, and the root struct's `v8Flags` texts (following a far root). */
function read(bytes: Uint8Array): { segments: Array<Array<[number, number]>>; v8Flags: string[] } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(0, true) + 1;
  const sizes = Array.from({ length: count }, (_, i) => view.getUint32(4 + 4 * i, true));
  const start = (i: number) => Math.ceil((1 + count) / 2) + sizes.slice(0, i).reduce((a, b) => a + b, 0);
  const word = (at: number): [number, number] => [view.getUint32(8 * at, true), view.getUint32(8 * at + 4, true)];
  const segments = sizes.map((size, i) => Array.from({ length: size }, (_, w) => word(start(i) + w)));
  let at = start(0);
  if ((word(at)[0] & 3) === 2) at = start(word(at)[1]) + (word(at)[0] >>> 3);
  const [lo, hi] = word(at);
  const slot = at + 1 + (lo >> 2) + (hi & 0xffff) + 2;
  const target = (p: number) => p + 1 + (word(p)[0] >> 2);
  const list = target(slot);
  const v8Flags = Array.from({ length: word(slot)[1] >>> 3 }, (_, i) => {
    const text = target(list + i);
    const length = (word(list + i)[1] >>> 3) - 1;
    return new TextDecoder().decode(bytes.subarray(8 * text, 8 * text + length));
  });
  return { segments, v8Flags: word(slot)[0] === 0 && word(slot)[1] === 0 ? [] : v8Flags };
}

// A root struct of 1 data word and 6 pointers (as Miniflare encodes workerd's Config), pointer 0 set to something.
const STRUCT_POINTER: [number, number] = [0, 1 | (6 << 16)];
const STRUCT: Array<[number, number]> = [[1, 0], [0x15, 0xf7], [0, 0], [0, 0], [0, 0], [0, 0], [0, 0]];

describe("withV8Flags", () => {
  it("points the root struct's v8Flags at texts appended to its segment, and moves nothing else", () => {
    const input = message([[STRUCT_POINTER, ...STRUCT], [[7, 8], [9, 10]]]);
    const output = read(withV8Flags(input, ["--no-concurrent-sparkplug", "--stack-trace-limit=7"]));
    expect(output.v8Flags).toEqual(["--no-concurrent-sparkplug", "--stack-trace-limit=7"]);
    expect(output.segments[0]!.slice(0, 4)).toEqual([STRUCT_POINTER, ...STRUCT.slice(0, 3)]);
    expect(output.segments[0]!.slice(5, 8)).toEqual(STRUCT.slice(4));
    expect(output.segments[1]).toEqual([[7, 8], [9, 10]]);
  });

  it("follows a far root pointer to the struct's own segment", () => {
    const far: [number, number] = [2 | (1 << 3), 1]; // landing pad at word 1 of segment 1
    const input = message([[far, [5, 6]], [[3, 4], STRUCT_POINTER, ...STRUCT]]);
    const output = read(withV8Flags(input, ["--a", "--bcdefgh"]));
    expect(output.v8Flags).toEqual(["--a", "--bcdefgh"]);
    expect(output.segments[0]).toEqual([far, [5, 6]]);
  });

  it("refuses a configuration that already names V8 flags, and leaves one without flags to add as it is", () => {
    const once = withV8Flags(message([[STRUCT_POINTER, ...STRUCT]]), ["--x"]);
    expect(() => withV8Flags(once, ["--y"])).toThrow(WorkerdConfigEditError);
    const input = message([[STRUCT_POINTER, ...STRUCT]]);
    expect(withV8Flags(input, [])).toBe(input);
  });

  it("refuses what is not a Config message", () => {
    expect(() => withV8Flags(message([[[1, 0]]]), ["--x"])).toThrow(/not a struct/);
    expect(() => withV8Flags(message([[[0, 1 | (2 << 16)], [0, 0], [0, 0], [0, 0]]]), ["--x"])).toThrow(/no v8Flags field/);
    expect(() => withV8Flags(message([[STRUCT_POINTER, ...STRUCT]]).subarray(0, 24), ["--x"])).toThrow(/segment table/);
  });
});
