// Examples that are not JSON, highlighted without a browser: a media type's
// language (compiler/reference/sample-tokens.ts), the small tokenizers the
// playground ships — form pairs and XML/HTML markup, whose tokens always put
// the text back together, in linear time on hostile input — and the build's
// HTML for an example (highlight-sample.ts: those tokens, else shiki for
// YAML…), whose text is the document's, escaped.

import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { highlightSample } from '../compiler/reference/highlight-sample.js';
import { formTokens, markupTokens, sampleLanguage, sampleTokens } from '../compiler/reference/sample-tokens.js';
import { escapeHtml } from '../compiler/site/escape-html.js';

/** Text of HTML: tags out, the entities the serializers write decoded. */
function textOf(html: string): string {
  const named: Record<string, string> = { lt: '<', gt: '>', quot: '"', amp: '&' };
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|lt|gt|quot|amp);/gi, (_, name: string) =>
      name.startsWith('#x') || name.startsWith('#X')
        ? String.fromCodePoint(Number.parseInt(name.slice(2), 16))
        : name.startsWith('#')
          ? String.fromCodePoint(Number(name.slice(1)))
          : (named[name] ?? ''),
    );
}

test('a media type’s language', () => {
  const cases: [string, string][] = [
    ['application/json', 'json'],
    ['application/problem+json; charset=utf-8', 'json'],
    ['application/xml', 'xml'],
    ['text/xml', 'xml'],
    ['application/atom+xml', 'xml'],
    ['text/html', 'html'],
    ['application/yaml', 'yaml'],
    ['application/x-yaml', 'yaml'],
    ['Application/X-WWW-Form-Urlencoded', 'form-urlencoded'],
    ['text/csv', 'csv'],
    ['text/plain', 'text'],
    ['multipart/form-data', 'text'],
    ['application/octet-stream', 'text'],
  ];
  for (const [type, language] of cases) assert.is(sampleLanguage(type), language, type);
});

test('form pairs and markup: tokens of every kind, the text unchanged', () => {
  assert.equal(formTokens('name=Rex&tag=good+boy&flag'), [
    { kind: 'key', text: 'name' },
    { kind: 'plain', text: '=' },
    { kind: 'string', text: 'Rex' },
    { kind: 'plain', text: '&' },
    { kind: 'key', text: 'tag' },
    { kind: 'plain', text: '=' },
    { kind: 'string', text: 'good+boy' },
    { kind: 'plain', text: '&' },
    { kind: 'key', text: 'flag' },
  ]);
  const xml = '<?xml version="1.0"?>\n<a b=\'1\' c=d><!-- note --><![CDATA[<x>]]> 1 < 2 </a>';
  const tokens = markupTokens(xml);
  assert.is(tokens.map((t) => t.text).join(''), xml);
  const of = (kind: string) => tokens.filter((t) => t.kind === kind).map((t) => t.text);
  assert.equal(of('key'), ['<?xml', '<a', '</a']);
  assert.equal(of('literal'), ['version', 'b', 'c']);
  assert.equal(of('string'), ['"1.0"', "'1'", 'd']);
  assert.equal(of('comment'), ['<!-- note -->']);
  assert.is(sampleTokens('a: b', 'yaml'), undefined, 'YAML is not coloured in the browser');
});

test('hostile markup and form text: whole, and in linear time', () => {
  const inputs = ['<'.repeat(150_000), '<!--'.repeat(40_000), '<a x="'.repeat(25_000), '<a '.repeat(50_000), '&='.repeat(80_000)];
  for (const input of inputs) {
    const started = performance.now();
    const tokens = input.startsWith('&') ? formTokens(input) : markupTokens(input);
    assert.is(tokens.map((t) => t.text).join(''), input);
    assert.ok(performance.now() - started < 2000, `${input.slice(0, 6)}…: ${Math.round(performance.now() - started)} ms`);
  }
});

test('the build’s example HTML: XML, form pairs and JSON by tokens; YAML by shiki, one span.line a line; plain text escaped', () => {
  const evil = '<a href="javascript:x" onclick="y">&amp;</a><script>alert(1)</script>';
  for (const language of ['xml', 'html', 'yaml']) {
    const html = highlightSample(evil, language);
    assert.not.match(html, /<(a|script)\b/, `${language}: the document’s markup is text`);
    assert.is(textOf(html), evil, language);
  }
  assert.match(highlightSample(evil, 'xml'), '<span class="docsc-j-key">&lt;a</span> <span class="docsc-j-literal">href</span>=');
  const coloured = highlightSample('a: "<b>" # c', 'yaml');
  assert.match(coloured, /^<span class="line"><span style="color:#[0-9a-f]{6};--sdark:#[0-9a-f]{6}">a<\/span>/, 'a key coloured for light and dark');
  const yaml = highlightSample('a: 1\nb: two\n', 'yaml');
  assert.is(yaml.split('<span class="line">').length - 1, 2, 'the last newline starts no line');
  assert.is(textOf(yaml), 'a: 1\nb: two\n');
  assert.is(
    highlightSample('a=<b>&c', 'form-urlencoded'),
    '<span class="docsc-j-key">a</span>=<span class="docsc-j-string">&lt;b&gt;</span>&amp;<span class="docsc-j-key">c</span>',
  );
  assert.match(highlightSample('{"a": 1}', 'json'), '<span class="docsc-j-key">&quot;a&quot;</span>');
  assert.is(highlightSample(evil, 'text'), escapeHtml(evil));
});

test.run();
