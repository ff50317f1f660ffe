/**
 * SSNs typed into a member search never go into the address bar: the page's search state lives
 * in the query string (spec 1 §2), which browser history, bookmarks and shared links keep. The
 * form holds an opaque reference instead, and the SSN itself stays in this tab's memory only.
 * After a reload the reference no longer resolves, and the search asks for the SSN again.
 */

const PREFIX = 'ssn-';
const bySsn = new Map<string, string>();
const byRef = new Map<string, string>();

function newRef(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return PREFIX + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The reference for what was typed ('' for nothing). */
export function refForSsn(typed: string): string {
  if (!typed) return '';
  let ref = bySsn.get(typed);
  if (!ref) {
    ref = newRef();
    bySsn.set(typed, ref);
    byRef.set(ref, typed);
  }
  return ref;
}

/** What a reference stands for; undefined once the tab has forgotten it. */
export function ssnOfRef(ref: string | null | undefined): string | undefined {
  return ref ? byRef.get(ref) : undefined;
}

export function isSsnRef(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(PREFIX);
}

export const SSN_FORGOTTEN_MESSAGE =
  'For privacy the SSN is not kept in the address of this page. Enter it again and search.';
