import fc from 'fast-check';

/**
 * Generators of bad client input for the property test over the whole route table
 * (modules/system/bad-input.test.ts): what an attacker or a broken client sends instead of
 * what a form would. Every value here must get a 4xx, never a 5xx.
 */

const LONG = 'x'.repeat(3000);

/** Text that is wrong for an id, a number, a date, a name or a sort, as a URL carries it. */
export const BAD_TEXTS: readonly string[] = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '2147483648',
  '99999999999',
  '9007199254740993',
  '-2147483649',
  '1e309',
  '1e21',
  'NaN',
  'Infinity',
  '0x1F',
  'abc',
  'null',
  'true',
  '[]',
  '{}',
  '\u0000',
  'a\u0000b',
  'Smith\u0000',
  '\u202e\u0301',
  '😀',
  '\uFEFF',
  "' or 1=1 --",
  '%',
  '../..',
  '2024-02-30',
  '9999-12-31',
  '0000-00-00',
  'name:up',
  '9'.repeat(400),
  'x'.repeat(300),
  LONG,
];

/** Percent sequences that decode badly (or to NUL, or to a slash), put into the URL as they are. */
export const RAW_URL_TEXTS: readonly string[] = [
  '%',
  '%FF',
  '%C0%80',
  '%E0%A4%A',
  '%00',
  '%2F',
  '%20',
];

/** Values of JSON fields of the wrong type or out of every column's range. */
export const BAD_JSON_VALUES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2147483648,
  99999999999,
  2 ** 53,
  -(2 ** 53),
  1e308,
  '',
  '\u0000',
  'a\u0000b',
  '😀'.repeat(50),
  '2147483648',
  '9999-12-31',
  'x'.repeat(300),
  'x'.repeat(9000),
  [],
  [1, 'a', null],
  [2147483648],
  {},
  { a: { b: { c: [1] } } },
];

export const badText: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...BAD_TEXTS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-composite', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
);

/** A URL piece: encoded text, or a raw percent sequence. */
export const urlText: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: badText.map(encode) },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_URL_TEXTS) },
);

export const badJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...BAD_JSON_VALUES) },
  { weight: 2, arbitrary: badText },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** encodeURIComponent, which throws on a lone surrogate: that one goes as its UTF-8 bytes would. */
export function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}
