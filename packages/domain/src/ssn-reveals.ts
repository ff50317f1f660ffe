/**
 * SSN reveals (spec 1 §2, issue 10): each one is audited, and one user reveals at most
 * SSN_REVEALS_PER_MINUTE in any minute, members and dependents together. Past it the server
 * answers 429 with SSN_REVEAL_THROTTLED, which the forms show instead of their usual notice.
 * See docs/decisions/0061-ssn-reveals-and-private-answers.md.
 */

export const SSN_REVEALS_PER_MINUTE = 30;

export const SSN_REVEAL_THROTTLED =
  'You have revealed many SSNs in the last minute. Wait a minute, then try again.';

/** The words a failed reveal shows: the limit's own message at 429, the form's notice otherwise. */
export function ssnRevealFailureText(status: number | undefined, usual: string): string {
  return status === 429 ? SSN_REVEAL_THROTTLED : usual;
}
