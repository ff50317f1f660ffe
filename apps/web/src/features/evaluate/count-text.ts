/**
 * A count with its noun, the noun singular for exactly one and the count grouped in thousands:
 * '1 row', '0 rows', '7,944 claims', '1 reversal netted'. `plural` is for nouns that do not
 * take an s; `suffix` follows the noun ('netted', 'ago').
 */
export function countText(
  count: number,
  singular: string,
  options: { plural?: string; suffix?: string } = {},
): string {
  const noun = count === 1 ? singular : (options.plural ?? `${singular}s`);
  const text = `${count.toLocaleString('en-US')} ${noun}`;
  return options.suffix ? `${text} ${options.suffix}` : text;
}
