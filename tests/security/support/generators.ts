import fc from "fast-check";

const MEGABYTE = 1024 * 1024;

/** Strings that break naive code: SQL and LIKE metacharacters, markup, odd unicode, NUL, sheer size. */
export const NASTY_STRINGS = [
  "",
  " ",
  "'",
  '"',
  "\\",
  "%",
  "_",
  "%_\\'\"",
  "' or '1'='1",
  "'; drop table agencies; --",
  '"; delete from profiles; --',
  "1; select pg_sleep(5)",
  "<script>window.__xss=1</script>",
  "<img src=x onerror=window.__xss=1>",
  "javascript:alert(1)",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff\ud800",
  "\u202eabc\u202c",
  "مرحبا بالعالم",
  "👩‍👩‍👧‍👦🇧🇷",
  "ＡＢＣ",
  "../../../../etc/passwd",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, literally
  "${7*7}{{7*7}}",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
  "00000000-0000-0000-0000-000000000000",
  "a".repeat(MEGABYTE),
] as const;

export const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 64 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 64 }) },
);

/** A short nasty string, for places where a megabyte makes no sense (query strings). */
export const shortNastyString = nastyString.map((value) => value.slice(0, 2048));

const deepObject = fc.integer({ min: 50, max: 2000 }).map((depth) => {
  let value: unknown = "fundo";
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { a: value } : [value];
  return value;
});

const hugeArray = fc.integer({ min: 10_000, max: 100_000 }).map((length) => new Array(length).fill("x"));

/** Any JSON value of the wrong type, size or shape. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 53 + 1, 0.5) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: deepObject },
  { weight: 1, arbitrary: hugeArray },
);

export type BodyCase = { label: string; body: unknown };

/** A valid sample bent one way: a field replaced, removed, added, or the whole body swapped. */
export function bodyCases(sample: Record<string, unknown>): fc.Arbitrary<BodyCase> {
  const keys = Object.keys(sample);
  const cases: fc.Arbitrary<BodyCase>[] = [
    fc.record({ key: fc.string({ maxLength: 20 }), value: nastyValue }).map(({ key, value }) => ({
      label: `extra field ${JSON.stringify(key)}`,
      body: { ...sample, [key]: value },
    })),
    nastyValue.map((body) => ({ label: "whole body replaced", body })),
  ];
  if (keys.length > 0) {
    cases.push(
      fc.record({ key: fc.constantFrom(...keys), value: nastyValue }).map(({ key, value }) => ({
        label: `${key} replaced`,
        body: { ...sample, [key]: value },
      })),
      fc.constantFrom(...keys).map((key) => {
        const { [key]: _removed, ...rest } = sample;
        return { label: `${key} missing`, body: rest };
      }),
    );
  }
  return fc.oneof(...cases);
}

export function queryCases(sample: Record<string, string>): fc.Arbitrary<Record<string, string>> {
  const keys = Object.keys(sample);
  const extra = fc.dictionary(fc.string({ maxLength: 12 }), shortNastyString, { maxKeys: 4 });
  if (keys.length === 0) return extra;
  return fc
    .record({ extra, replaced: fc.dictionary(fc.constantFrom(...keys), shortNastyString, { maxKeys: keys.length }) })
    .map(({ extra: e, replaced }) => ({ ...sample, ...e, ...replaced }));
}

/** Raw request bodies no JSON API should take: broken JSON text, deep nesting, the wrong content type. */
export function rawCases(validJson: string): { label: string; text: string; contentType: string }[] {
  const json = "application/json";
  return [
    { label: "truncated JSON", text: "{", contentType: json },
    { label: "single quotes", text: "{'a': 1}", contentType: json },
    { label: "bare word", text: "nul", contentType: json },
    { label: "trailing comma", text: '{"a":1,}', contentType: json },
    { label: "NUL byte", text: "\u0000", contentType: json },
    { label: "lone surrogate escape", text: '{"a":"\\ud800"}', contentType: json },
    { label: "100 000 nested arrays", text: `${"[".repeat(100_000)}${"]".repeat(100_000)}`, contentType: json },
    { label: "100 000 nested objects", text: `${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`, contentType: json },
    { label: "valid JSON as text/plain", text: validJson, contentType: "text/plain" },
    { label: "valid JSON as a form", text: validJson, contentType: "application/x-www-form-urlencoded" },
    { label: "a form body", text: "email=a%40b.com&name=x", contentType: "application/x-www-form-urlencoded" },
    {
      label: "multipart",
      text: "--x\r\nContent-Disposition: form-data; name=a\r\n\r\n1\r\n--x--",
      contentType: "multipart/form-data; boundary=x",
    },
  ];
}

export type BytesCase = { label: string; bytes: Uint8Array<ArrayBuffer>; contentType: string };

const IMAGE_SIGNATURES: [string, number[]][] = [
  ["PNG signature", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ["JPEG signature", [0xff, 0xd8, 0xff]],
  ["GIF signature", Array.from("GIF89a", (c) => c.charCodeAt(0))],
];
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, "utf8"));

/** Files a browser could execute or sniff, dressed up as images: they must never be stored. */
const HOSTILE_FILES: [string, string][] = [
  [
    "SVG with script",
    '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=1"><script>window.__xss=1</script></svg>',
  ],
  ["HTML page", "<!doctype html><script>window.__xss=1</script>"],
  ["XML declaration", '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'],
  ["JSON", '{"name":"não é imagem"}'],
  ["PDF", "%PDF-1.4\n%âãÏÓ\n"],
  ["RIFF without WEBP", "RIFF\u0000\u0000\u0000\u0000WAVEfmt "],
];

/** Raw uploads: random bytes, the valid file cut short, signatures with junk, hostile files, any declared type. */
export function bytesCases(valid: Uint8Array<ArrayBuffer>): fc.Arbitrary<BytesCase> {
  const contentType = fc.constantFrom(
    "image/png",
    "image/svg+xml",
    "text/html",
    "application/json",
    "application/octet-stream",
  );
  const cases: fc.Arbitrary<Omit<BytesCase, "contentType">>[] = [
    fc.uint8Array({ maxLength: 4096 }).map((bytes) => ({ label: "random bytes", bytes: new Uint8Array(bytes) })),
    fc.integer({ min: 0, max: valid.length - 1 }).map((length) => ({
      label: `valid file cut at ${length} bytes`,
      bytes: valid.slice(0, length),
    })),
    fc
      .record({ signature: fc.constantFrom(...IMAGE_SIGNATURES), junk: fc.uint8Array({ maxLength: 512 }) })
      .map(({ signature: [label, bytes], junk }) => ({
        label: `${label} followed by junk`,
        bytes: new Uint8Array([...bytes, ...junk]),
      })),
    fc.constantFrom(...HOSTILE_FILES).map(([label, text]) => ({ label, bytes: utf8(text) })),
  ];
  return fc
    .record({ file: fc.oneof(...cases), contentType })
    .map(({ file, contentType: type }) => ({ ...file, label: `${file.label} as ${type}`, contentType: type }));
}
