/**
 * A LIKE pattern that finds `text` anywhere: its wildcards (%, _) and the escape character are
 * escaped, so a search for "50%" finds "50%", not everything. Case is the caller's: compare
 * `lower(column) like lower(pattern)`, or lower-case the text first.
 */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
