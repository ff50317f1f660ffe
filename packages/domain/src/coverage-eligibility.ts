/*
 * Coverage follows eligibility (decision 0074): a member's coverage ends no later than the
 * member's termination and the open coverage carries the member's current group; the server
 * derives both when it answers coverages. A new card is for a coverage still in force.
 */
export const COVERAGE_MESSAGES = {
  newCardCoverageEnded: 'This coverage has ended; new cards are for current coverages only.',
} as const;
