// The engines in a Web Worker (a module worker: new Worker(url, {type: 'module'})), so a
// long search never blocks the page and is stopped by ending the worker. Each message
// {id, request} is answered {id, ok} or {id, error}; requests are crates/web's: node,
// play, analyse (a node budget) and hint (an AI level), for any game by its spec.

import { loadEngine } from './engine.js';

// Loaded once, on the worker's start; a request waits for it.
const engine = loadEngine(fetch('/engine/trio_web.wasm'));

self.onmessage = async ({ data: { id, request } }) => {
  try {
    const ask = await engine;
    self.postMessage({ id, ok: ask(request) });
  } catch (e) {
    self.postMessage({ id, error: String(e?.message ?? e) });
  }
};
