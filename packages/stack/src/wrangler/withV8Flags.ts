/**
 * Adds V8 flags to a workerd configuration as Miniflare encodes it: a Cap'n Proto message (stream framing) whose
 * root is workerd's `Config` struct. workerd reads V8 flags only from `Config.v8Flags` (`List(Text)`, the struct's
 * third pointer), and neither wrangler nor Miniflare sets that field, so the local stack sets it on the way to
 * workerd (`workerd-with-v8-flags.sh`; why: docs/workerd-livelock.md).
 *
 * Written by hand because no Cap'n Proto library is a dependency here (Miniflare bundles its own without exporting
 * it), and the edit is small: the list and its texts are appended to the end of the segment holding the root struct,
 * and the struct's empty `v8Flags` pointer is pointed at them. Nothing else in the message moves.
 */

/** `Config.v8Flags` is pointer 2 of workerd's `Config` (services @0, sockets @1, v8Flags @2: workerd.capnp). */
const V8_FLAGS_POINTER = 2;

export class WorkerdConfigEditError extends Error {
  override name = "WorkerdConfigEditError";
}

/** Returns a copy of `config` (a binary `Config` message) with `flags` as its `v8Flags`. */
export function withV8Flags(config: Uint8Array, flags: readonly string[]): Uint8Array {
  if (flags.length === 0) return config;
  const input = new DataView(config.buffer, config.byteOffset, config.byteLength);
  const segmentCount = input.getUint32(0, true) + 1;
  const headerWords = Math.ceil((1 + segmentCount) / 2);
  const sizes = Array.from({ length: segmentCount }, (_, i) => input.getUint32(4 + 4 * i, true));
  const segmentStart = (index: number) => headerWords + sizes.slice(0, index).reduce((a, b) => a + b, 0);
  if (8 * (segmentStart(segmentCount)) !== config.byteLength) {
    throw new WorkerdConfigEditError(`workerd configuration: segment table says ${8 * segmentStart(segmentCount)} bytes, got ${config.byteLength}`);
  }
  const word = (at: number) => ({ lo: input.getUint32(8 * at, true), hi: input.getUint32(8 * at + 4, true) });

  // The root struct: a struct pointer at word 0 of segment 0, or a single far pointer to a landing pad holding one.
  let segment = 0;
  let pointerAt = segmentStart(0);
  let root = word(pointerAt);
  if ((root.lo & 3) === 2) {
    if (root.lo & 4) throw new WorkerdConfigEditError("workerd configuration: a double-far root pointer is not supported");
    segment = root.hi;
    pointerAt = segmentStart(segment) + (root.lo >>> 3);
    root = word(pointerAt);
  }
  if ((root.lo & 3) !== 0) throw new WorkerdConfigEditError("workerd configuration: the root is not a struct");
  const structAt = pointerAt + 1 + (root.lo >> 2);
  const dataWords = root.hi & 0xffff;
  const pointerCount = root.hi >>> 16;
  if (pointerCount <= V8_FLAGS_POINTER) throw new WorkerdConfigEditError("workerd configuration: the root struct has no v8Flags field");
  const slot = structAt + dataWords + V8_FLAGS_POINTER;
  const current = word(slot);
  if (current.lo !== 0 || current.hi !== 0) throw new WorkerdConfigEditError("workerd configuration already sets v8Flags");

  // The appended words: the list of text pointers, then each text (UTF-8, NUL-terminated, padded to a word).
  const texts = flags.map((flag) => new TextEncoder().encode(`${flag}\0`));
  const textWords = texts.map((text) => Math.ceil(text.byteLength / 8));
  const addedWords = flags.length + textWords.reduce((a, b) => a + b, 0);
  const listAt = segmentStart(segment) + sizes[segment]!;

  const output = new Uint8Array(config.byteLength + 8 * addedWords);
  output.set(config.subarray(0, 8 * listAt), 0);
  output.set(config.subarray(8 * listAt), 8 * (listAt + addedWords));
  const view = new DataView(output.buffer);
  view.setUint32(4 + 4 * segment, sizes[segment]! + addedWords, true);
  // A list pointer: kind 1, offset in words from the word after the pointer, element size code, element count.
  const listPointer = (at: number, target: number, elementSize: number, count: number) => {
    view.setUint32(8 * at, (((target - at - 1) << 2) | 1) >>> 0, true);
    view.setUint32(8 * at + 4, (elementSize | (count << 3)) >>> 0, true);
  };
  listPointer(slot, listAt, 6, flags.length);
  let textAt = listAt + flags.length;
  texts.forEach((text, i) => {
    listPointer(listAt + i, textAt, 2, text.byteLength);
    output.set(text, 8 * textAt);
    textAt += textWords[i]!;
  });
  return output;
}
