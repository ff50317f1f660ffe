/**
 * Input masks (spec 1 §9), applied by the web inputs on every keystroke: whatever was typed or
 * pasted, the result is the digits laid out in the mask. Each mask is idempotent, so applying it
 * to its own output changes nothing and the caret does not jump.
 *
 * A separator is never added ahead of the user: '123' stays '123', not '123-', or Backspace
 * could never delete the dash. A dash the user typed at a group boundary is kept.
 */

/** Lays digits out in groups of the given sizes, joined by dashes; extra digits are dropped. */
function layOut(typed: string, digits: string, groups: readonly number[]): string {
  const parts: string[] = [];
  let rest = digits;
  for (const size of groups) {
    if (!rest) break;
    parts.push(rest.slice(0, size));
    rest = rest.slice(size);
  }
  const out = parts.join('-');
  const complete = digits.length >= groups.reduce((sum, size) => sum + size, 0);
  const atBoundary =
    !complete && digits.length > 0 && groups.some((_, i) => sumOf(groups, i + 1) === digits.length);
  return atBoundary && /-\s*$/.test(typed) ? `${out}-` : out;
}

function sumOf(groups: readonly number[], count: number): number {
  return groups.slice(0, count).reduce((sum, size) => sum + size, 0);
}

function digitsOf(typed: string, max: number): string {
  return typed.replace(/\D/g, '').slice(0, max);
}

/**
 * 999-999-9999 with an optional '1-' prefix. North American area codes never begin with 1, so
 * a leading 1 is always the country code and becomes the prefix.
 */
export function applyPhoneMask(typed: string): string {
  const all = typed.replace(/\D/g, '');
  if (!all.startsWith('1')) return layOut(typed, all.slice(0, 10), [3, 3, 4]);
  const digits = all.slice(1, 11);
  if (!digits) return /-\s*$/.test(typed) ? '1-' : '1';
  return `1-${layOut(typed, digits, [3, 3, 4])}`;
}

/** 99999 or 99999-9999. */
export function applyZipMask(typed: string): string {
  return layOut(typed, digitsOf(typed, 9), [5, 4]);
}

/** 999-99-9999. */
export function applySsnMask(typed: string): string {
  return layOut(typed, digitsOf(typed, 9), [3, 2, 4]);
}

/** How an SSN shows until it is revealed (spec 1 §9). */
export const SSN_MASKED = 'XXX-XX-XXXX';

/** Every SSN looks alike when masked, so the mask tells nothing, not even the last four. */
export function maskSsn(ssn: string | null | undefined): string {
  return ssn && ssn.trim() ? SSN_MASKED : '';
}
