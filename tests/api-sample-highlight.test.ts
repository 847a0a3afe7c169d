// Examples that are not JSON, highlighted without a browser: a media type's
// language (compiler/reference/sample-tokens.ts), the small tokenizers the
// playground ships — form pairs and XML/HTML markup, whose tokens always put
// the text back together, in linear time on hostile input — and the build's
// HTML for an example (highlight-sample.ts: those tokens, else shiki for
// YAML…), whose text is the document's, escaped. And the request's code
// samples (highlight-code-sample.ts): those docsc writes by the tokens the
// playground colours them with live (code-sample-tokens.ts) — every string
// literal a string, whatever it holds; the colours shiki's —, the others by
// shiki under the names `x-codeSamples` use, any other `lang` escaped.

import { toHtml } from 'hast-util-to-html';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { codeSampleHtml, codeSampleTokens, TOKEN_STYLES } from '../compiler/reference/code-sample-tokens.js';
import { highlightCodeSample } from '../compiler/reference/highlight-code-sample.js';
import { highlightSample } from '../compiler/reference/highlight-sample.js';
import {
  goString,
  javaString,
  jsString,
  phpString,
  pyString,
  requestSample,
  SAMPLE_LANGUAGES,
  type SampleLanguage,
  type SampleRequest,
  sh,
} from '../compiler/reference/request-samples.js';
import { formTokens, markupTokens, sampleLanguage, sampleTokens } from '../compiler/reference/sample-tokens.js';
import { highlightLines } from '../compiler/render/highlight-code.js';
import { escapeHtml } from '../compiler/site/escape-html.js';
import { htmlText } from './support/html-text.js';

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
    assert.is(htmlText(html), evil, language);
  }
  assert.match(highlightSample(evil, 'xml'), '<span class="docsc-j-key">&lt;a</span> <span class="docsc-j-literal">href</span>=');
  const coloured = highlightSample('a: "<b>" # c', 'yaml');
  assert.match(coloured, /^<span class="line"><span style="color:#[0-9a-f]{6};--sdark:#[0-9a-f]{6}">a<\/span>/, 'a key coloured for light and dark');
  const yaml = highlightSample('a: 1\nb: two\n', 'yaml');
  assert.is(yaml.split('<span class="line">').length - 1, 2, 'the last newline starts no line');
  assert.is(htmlText(yaml), 'a: 1\nb: two\n');
  assert.is(
    highlightSample('a=<b>&c', 'form-urlencoded'),
    '<span class="docsc-j-key">a</span>=<span class="docsc-j-string">&lt;b&gt;</span>&amp;<span class="docsc-j-key">c</span>',
  );
  assert.match(highlightSample('{"a": 1}', 'json'), '<span class="docsc-j-key">&quot;a&quot;</span>');
  assert.is(highlightSample(evil, 'text'), escapeHtml(evil));
});

const HOSTILE = `it's "q" \\ b\\ \\n $HOME {$x} \${y} \`t\` <?php ?> */ // # -- --x '\\'' </code><script>x</script> \\u000a\n2\r\n\t\x01 \u2028 😀`;

/** Requests whose every value is HOSTILE: header, cookie, query, and a text, JSON, form or multipart body. */
function hostileRequests(): SampleRequest[] {
  const base = {
    method: 'POST',
    url: `https://api.example.com/a?q=${encodeURIComponent(HOSTILE)}`,
    headers: [['X-H', HOSTILE]] as [string, string][],
    cookies: [['c', HOSTILE]] as [string, string][],
  };
  return [
    { ...base, body: { type: 'text/plain', text: HOSTILE } },
    { ...base, body: { type: 'application/json', text: JSON.stringify({ [HOSTILE]: [HOSTILE, 1, true, null] }, null, 2) } },
    { ...base, body: { type: 'application/x-www-form-urlencoded', pairs: [[HOSTILE, HOSTILE]] } },
    { ...base, method: HOSTILE, body: { type: 'multipart/form-data', pairs: [[HOSTILE, HOSTILE]], files: [HOSTILE] } },
  ];
}

const LITERALS: Record<SampleLanguage, (text: string) => string> = {
  curl: sh,
  javascript: jsString,
  python: pyString,
  go: goString,
  java: javaString,
  php: phpString,
};

test('request samples: the tokens put the text back together, and every string literal is string tokens, whatever it holds', () => {
  for (const request of hostileRequests())
    for (const language of SAMPLE_LANGUAGES) {
      const text = requestSample(request, language);
      const tokens = codeSampleTokens(text, language);
      assert.is(tokens.map((t) => t.text).join(''), text, language);
      // Where each token starts, and each character's kind.
      const starts = new Map<number, string>();
      const kinds: string[] = [];
      for (const token of tokens) {
        starts.set(kinds.length, token.kind);
        for (let i = 0; i < token.text.length; i++) kinds.push(token.kind);
      }
      // The value as each language writes it: alone, or in a header line, a cookie or a form pair (cURL), as JSON (JavaScript).
      const values = [
        HOSTILE,
        `X-H: ${HOSTILE}`,
        `c=${HOSTILE}`,
        `${HOSTILE}=${HOSTILE}`,
        `${encodeURIComponent(HOSTILE)}=${HOSTILE}`,
        `${HOSTILE}=@file`,
      ];
      const literals = [...values.map(LITERALS[language]), ...(language === 'javascript' ? [JSON.stringify(HOSTILE)] : [])];
      let found = 0;
      for (const literal of literals)
        for (let i = text.indexOf(literal); i !== -1; i = text.indexOf(literal, i + 1)) {
          found++;
          assert.is(starts.get(i), 'string', `${language}: a literal starts a string token`);
          assert.ok(starts.has(i + literal.length) || i + literal.length === text.length, `${language}: and a token ends with it`);
          // One string token; in cURL, `'\''` is a quoted word, an escaped quote and a quoted word.
          const inside = language === 'curl' ? ['string', 'constant'] : ['string'];
          for (let j = i; j < i + literal.length; j++) {
            assert.ok(inside.includes(kinds[j] as string), `${language}: ${JSON.stringify(text.slice(j, j + 10))} is in the literal`);
            if (language !== 'curl' && j > i) assert.not.ok(starts.has(j), `${language}: one token`);
          }
        }
      assert.ok(found >= 2, `${language}: the values are in the sample (${found})`);
    }
});

test('request samples: keywords, calls, parameters, literals and comments, coloured as shiki colours the same code', () => {
  const javascript = requestSample(hostileRequests()[3] as SampleRequest, 'javascript');
  const of = (text: string, language: SampleLanguage, kind: string) =>
    codeSampleTokens(text, language)
      .filter((t) => t.kind === kind)
      .map((t) => t.text);
  assert.equal([...new Set(of(javascript, 'javascript', 'keyword'))], ['const', '=', 'new', '=>']);
  assert.equal(
    [...new Set(of(javascript, 'javascript', 'function'))],
    ['Blob', 'FormData', 'append', 'fetch', 'then', 'json', 'log', 'catch', 'error'],
  );
  assert.equal([...new Set(of(javascript, 'javascript', 'parameter'))], ['res', 'err']);
  assert.equal(of(javascript, 'javascript', 'comment').length, 1);
  const python = requestSample(
    { method: 'GET', url: 'https://a.test/', headers: [], cookies: [], body: { type: 'application/json', text: '{"a": [1.5, true, null]}' } },
    'python',
  );
  assert.equal(of(python, 'python', 'constant'), ['1.5', 'True', 'None', 'print']);
  assert.equal(of(python, 'python', 'parameter'), ['json']);
  // Each kind's colours are those the build's highlighter gives the same code.
  const cases: [string, string, string, keyof typeof TOKEN_STYLES][] = [
    ['javascript', "const a = 'x'; // c\nfetch(1).then(res => res);", 'const', 'keyword'],
    ['javascript', "const a = 'x'; // c\nfetch(1).then(res => res);", "'x'", 'string'],
    ['javascript', "const a = 'x'; // c\nfetch(1).then(res => res);", '// c', 'comment'],
    ['javascript', "const a = 'x'; // c\nfetch(1).then(res => res);", 'fetch', 'function'],
    ['javascript', "const a = 'x'; // c\nfetch(1).then(res => res);", '1', 'constant'],
    ['javascript', "const a = 'x'; // c\nfetch(1).then(res => res);", 'res', 'parameter'],
  ];
  for (const [language, code, text, kind] of cases) {
    const html = (highlightLines(code, language) ?? []).map((line) => toHtml({ type: 'root', children: line })).join('\n');
    const style = new RegExp(`<span style="([^"]*)">${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*</span>`).exec(
      html.replaceAll('&#x27;', "'"),
    )?.[1];
    assert.is(style, TOKEN_STYLES[kind], `${kind}: ${text}`);
  }
});

test('request samples in linear time on hostile text, in every language', () => {
  const inputs = [
    '"\\"'.repeat(60_000),
    "'\\'".repeat(60_000),
    'a('.repeat(90_000),
    `a${' '.repeat(190_000)}(`,
    '`'.repeat(190_000),
    'const '.repeat(30_000),
  ];
  for (const language of SAMPLE_LANGUAGES)
    for (const input of inputs) {
      const started = performance.now();
      assert.is(
        codeSampleTokens(input, language)
          .map((t) => t.text)
          .join(''),
        input,
      );
      assert.ok(performance.now() - started < 2000, `${language}, ${input.slice(0, 6)}…: ${Math.round(performance.now() - started)} ms`);
    }
});

test('the build’s request samples: docsc’s by its tokens; x-codeSamples by shiki under their usual names; any other lang escaped', () => {
  const source = requestSample(hostileRequests()[0] as SampleRequest, 'curl');
  const generated = highlightCodeSample({ label: 'cURL', language: 'bash', source, generated: 'curl' });
  assert.is(generated, codeSampleHtml(source, 'curl'));
  assert.match(generated, `<span style="${TOKEN_STYLES.function}">curl</span> <span style="${TOKEN_STYLES.constant}">--request</span>`);
  assert.not.match(generated, /<(script|\/code)\b/);
  assert.is(htmlText(generated), source);
  const evil = 'x = "</code><script>alert(1)</script>"\n';
  for (const lang of ['cURL', 'Node', 'Python', 'golang', 'C#'])
    for (const code of [evil, `curl --data '</code><script>alert(1)</script>'`]) {
      const html = highlightCodeSample({ label: lang, language: lang.toLowerCase(), source: code });
      assert.match(html, /^<span class="line">.*<span style="color:#[0-9a-f]{6};--sdark:#[0-9a-f]{6}">/, `${lang}: coloured by shiki`);
      assert.not.match(html, /<(script|\/code)\b/, lang);
      assert.is(htmlText(html), code, lang);
    }
  for (const lang of [
    '',
    'text',
    '__proto__',
    'constructor',
    'toString',
    '../../../etc/passwd',
    '</code><script>',
    'javascript:alert(1)',
    'no-such-language',
  ])
    assert.is(highlightCodeSample({ label: lang, language: lang, source: evil }), escapeHtml(evil), JSON.stringify(lang));
  // A generated sample docsc does not rewrite live (httpsnippet's languages) is shiki's too.
  assert.match(highlightCodeSample({ label: 'Ruby', language: 'ruby', source: 'puts "a"', generated: true }), '<span class="line">');
});

test.run();
