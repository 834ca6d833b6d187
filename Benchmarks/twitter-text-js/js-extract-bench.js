#!/usr/bin/env node
// In-process throughput of twitter-text (JS) extractEntitiesWithIndices over a
// line-per-message corpus. The library is NOT included; pass its bundle path.
// Usage: node js-extract-bench.js BUNDLE.js CORPUS.txt [--passes N] [--once]
//   default: 1 warm-up pass, then N (7) timed passes; prints the fastest.
//   --once : require + a single pass, no timing output (for whole-process timing).
'use strict';
const fs = require('fs');
const path = require('path');
const args = process.argv.slice(2);
const once = args.includes('--once');
const pi = args.indexOf('--passes');
const passes = pi >= 0 ? parseInt(args[pi + 1], 10) : 7;
const pos = args.filter((a, i) => !a.startsWith('--') && !(pi >= 0 && i === pi + 1));
if (pos.length < 2) { console.error('usage: js-extract-bench.js BUNDLE.js CORPUS.txt [--passes N] [--once]'); process.exit(2); }
const twttr = require(path.resolve(pos[0]));
const buf = fs.readFileSync(pos[1]);
const text = buf.toString('utf8');
const lines = text.split('\n');
if (lines.length && lines[lines.length - 1] === '') lines.pop();
function pass() {
  let n = 0;
  for (let i = 0; i < lines.length; i++) n += twttr.extractEntitiesWithIndices(lines[i]).length;
  return n;
}
if (once) { pass(); process.exit(0); }
const entities = pass(); // warm-up
let best = Infinity;
const all = [];
for (let p = 0; p < passes; p++) {
  const t0 = process.hrtime.bigint();
  const n = pass();
  const dt = Number(process.hrtime.bigint() - t0) / 1e9;
  if (n !== entities) throw new Error('non-deterministic entity count');
  all.push(dt); if (dt < best) best = dt;
}
const bytes = buf.length;
const msgBytes = bytes - lines.length; // without the '\n' separators
console.log(JSON.stringify({
  node: process.version, lines: lines.length, entities,
  input_bytes: bytes, message_bytes: msgBytes, passes,
  best_s: +best.toFixed(6), median_s: +all.slice().sort((a, b) => a - b)[Math.floor(all.length / 2)].toFixed(6),
  MBps_best: +(bytes / 1e6 / best).toFixed(3), MBps_best_message_bytes: +(msgBytes / 1e6 / best).toFixed(3),
  load: require('os').loadavg().map(x => +x.toFixed(2)),
}));
