import { describe, expect, it } from 'vitest';
import { formatTimeSince } from './time-since.ts';

const NOW = new Date('2026-11-24T12:00:00Z');

describe('formatTimeSince', () => {
  it.each([
    ['2026-11-24T12:00:30Z', 'just now'],
    ['2026-11-24T11:59:30Z', 'just now'],
    ['2026-11-24T11:59:00Z', '1 minute ago'],
    ['2026-11-24T11:15:00Z', '45 minutes ago'],
    ['2026-11-24T11:00:00Z', '1 hour ago'],
    ['2026-11-23T12:00:01Z', '23 hours ago'],
    ['2026-11-23T12:00:00Z', '1 day ago'],
    ['2026-10-25T12:00:00Z', '30 days ago'],
    ['2026-08-24T12:00:00Z', '3 months ago'],
    ['2024-11-24T12:00:00Z', '2 years ago'],
    ['not a date', '—'],
  ])('%s reads %s', (iso, text) => {
    expect(formatTimeSince(iso, NOW)).toBe(text);
  });
});
