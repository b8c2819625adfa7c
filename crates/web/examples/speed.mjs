// The engines' speed in WebAssembly under Node, the same requests as speed.rs times
// natively: `scripts/wasm`, then `node crates/web/examples/speed.mjs`.

import { readFileSync } from 'node:fs';
import { loadEngine } from '../../server/ui/engine.js';

const ask = await loadEngine(readFileSync(new URL('../../../target/engine/trio_web.wasm', import.meta.url)));
const source = readFileSync(new URL('./speed.rs', import.meta.url), 'utf8');
const requests = [...source.matchAll(/r#"(\{"op".*?\})"#/g)].map((m) => JSON.parse(m[1]));
const RUNS = 7;

for (const request of requests) {
  if (request.position === 'start') {
    // Triles' deal: the first outcome each time, as speed.rs does.
    let node = ask({ op: 'node', spec: request.spec });
    while (node.chance) node = ask({ op: 'play', spec: request.spec, position: node.position, action: node.moves[0].action });
    request.position = node.position;
  }
  const times = [];
  let answer;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    answer = ask(request);
    times.push(performance.now() - started);
  }
  const mean = times.reduce((a, b) => a + b) / RUNS;
  const sd = Math.sqrt(times.reduce((a, t) => a + (t - mean) ** 2, 0) / (RUNS - 1));
  console.log(`${mean.toFixed(1)} ms ± ${(2.447 * sd / Math.sqrt(RUNS)).toFixed(1)} (95%, ${RUNS} runs): ${JSON.stringify(request)}\n  ${JSON.stringify(answer)}`);
}
