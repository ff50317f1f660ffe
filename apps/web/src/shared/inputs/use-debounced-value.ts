import { useEffect, useState } from 'react';

/**
 * The value as it stood `delayMs` after it last changed: a search asks the server only once
 * typing stops. Compare it with the live value to tell the user the search is waiting.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
