// The engines in WebAssembly (crates/web, built by scripts/wasm): one call of JSON text in
// and out through a buffer the module and this glue share. Used by the engine's Web
// Worker (engine-worker.js), and by the tests under Node.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Instantiates the module (a fetch Response, its promise, or its bytes) and returns
 *  `ask(request)`, which answers a request object (`{op: 'node', spec: 'gyges'}`) with the
 *  answer's value, or throws an Error saying why not. */
export async function loadEngine(pending) {
  const source = await pending;
  if (source instanceof Response && !source.ok) {
    throw new Error(`the engines are not served (${source.status}): build them with scripts/wasm`);
  }
  const { instance } = source instanceof Response
    ? await WebAssembly.instantiateStreaming(source)
    : await WebAssembly.instantiate(source);
  const { memory, request_buffer, respond, answer_pointer } = instance.exports;
  return function ask(request) {
    const bytes = encoder.encode(JSON.stringify(request));
    const at = request_buffer(bytes.length);
    // Views are taken after each call: a call may grow the memory and move its buffer.
    new Uint8Array(memory.buffer, at, bytes.length).set(bytes);
    const length = respond();
    const reply = JSON.parse(decoder.decode(new Uint8Array(memory.buffer, answer_pointer(), length)));
    if ('error' in reply) throw new Error(reply.error);
    return reply.ok;
  };
}
