/** Spec 2 §9: the infinite select asks for pages of 100 and searches 500 ms after typing stops. */
export const INFINITE_SELECT_SEARCH_DELAY_MS = 500;

/** The list's scroll position, as a scroll event's target holds it. */
export interface ScrollPosition {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
}

/**
 * Spec 2 §9: the next page loads once the list is scrolled past half of what it holds, so it
 * arrives before the user reaches the end.
 */
export function scrolledPastHalf({
  scrollTop,
  clientHeight,
  scrollHeight,
}: ScrollPosition): boolean {
  if (scrollHeight <= 0) return false;
  return scrollTop + clientHeight > scrollHeight / 2;
}
