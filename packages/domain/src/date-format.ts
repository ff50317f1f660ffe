/** Date rules and formats without schemas, so the browser's first page needs no zod. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD (no 02/30). */
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** YYYY-MM-DD to MM/DD/YYYY, the only way dates are displayed (spec 1 §5). */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const m = ISO_DATE.exec(value.slice(0, 10));
  if (!m) return '';
  return `${m[2]}/${m[3]}/${m[1]}`;
}

/** MM/DD/YYYY to YYYY-MM-DD, or null when it is not a real date. */
export function parseDisplayDate(value: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[1]}-${m[2]}`;
  return isIsoDate(iso) ? iso : null;
}

/**
 * Inserts the slashes of MM/DD/YYYY as the user types digits (spec 1 §5 "typed dates are
 * auto-slashed"). Non-digits are dropped; at most 8 digits are kept.
 */
export function autoSlashDate(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/**
 * Marks the issue a malformed date raises (the `params` of isoDate's zod issue), so a form whose
 * date input already says the same in the user's format (MM/DD/YYYY) can leave this one, worded
 * for API callers, out: one message per field.
 */
export const DATE_FORMAT_ISSUE = 'dateFormat';
