// Run twitter-text conformance extract.json against a twitter-text JS bundle.
// Usage: node js-conformance.js BUNDLE.js EXTRACT.json
'use strict';
const path = require('path');
const tt = require(path.resolve(process.argv[2]));
const data = require(path.resolve(process.argv[3])).tests;
const assert = require('assert');
// conformance indices are in code points; the JS library reports UTF-16 offsets
function cpToUtf16(text, idx) { return Array.from(text).slice(0, idx).join('').length; }
function conv(text, arr) { return arr.map(e => Object.assign({}, e, { indices: e.indices.map(i => cpToUtf16(text, i)) })); }
const run = {
  mentions: t => [tt.extractMentions(t.text), t.expected],
  mentions_with_indices: t => [tt.extractMentionsWithIndices(t.text), conv(t.text, t.expected).map(e => ({ screenName: e.screen_name, indices: e.indices }))],
  mentions_or_lists_with_indices: t => [tt.extractMentionsOrListsWithIndices(t.text), conv(t.text, t.expected).map(e => ({ screenName: e.screen_name, listSlug: e.list_slug, indices: e.indices }))],
  replies: t => [tt.extractReplies(t.text), t.expected],
  urls: t => [tt.extractUrls(t.text), t.expected],
  urls_with_indices: t => [tt.extractUrlsWithIndices(t.text), conv(t.text, t.expected)],
  urls_with_directional_markers: t => [tt.extractUrlsWithIndices(t.text), conv(t.text, t.expected)],
  tco_urls_with_params: t => [tt.extractUrls(t.text), t.expected],
  hashtags: t => [tt.extractHashtags(t.text), t.expected],
  hashtags_from_astral: t => [tt.extractHashtags(t.text), t.expected],
  hashtags_with_indices: t => [tt.extractHashtagsWithIndices(t.text), conv(t.text, t.expected)],
  cashtags: t => [tt.extractCashtags(t.text), t.expected],
  cashtags_with_indices: t => [tt.extractCashtagsWithIndices(t.text), conv(t.text, t.expected)],
};
let pass = 0, fail = 0;
for (const [sec, cases] of Object.entries(data)) {
  let p = 0;
  for (const c of cases) {
    try { const [got, exp] = run[sec](c); assert.deepStrictEqual(JSON.parse(JSON.stringify(got)), exp); p++; }
    catch (e) { fail++; console.log(`FAIL ${sec}: ${c.description}: ${e.message.split('\n').slice(0, 12).join(' | ')}`); }
  }
  pass += p; console.log(`${sec}: ${p}/${cases.length}`);
}
console.log(`${pass} passed, ${fail} failed`);
