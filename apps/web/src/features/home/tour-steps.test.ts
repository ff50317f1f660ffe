import { describe, expect, it } from 'vitest';
import { HOME_TOUR_STEP_KEYS, clampStep, homeTourSteps, tourShouldShow } from './tour-steps.ts';

describe('homeTourSteps', () => {
  it('has every step of the spec, in its order, when every card is shown', () => {
    const all = Object.fromEntries(HOME_TOUR_STEP_KEYS.map((key) => [key, true]));
    expect(homeTourSteps(all).map((step) => step.key)).toEqual([
      'welcome',
      'navbar',
      'organizations',
      'members',
      'files',
      'help',
      'feedback',
    ]);
  });

  it('skips the steps whose card is not shown, and always keeps welcome and navigation', () => {
    expect(homeTourSteps({ organizations: true, help: true }).map((step) => step.key)).toEqual([
      'welcome',
      'navbar',
      'organizations',
      'help',
    ]);
    expect(homeTourSteps({}).map((step) => step.key)).toEqual(['welcome', 'navbar']);
  });

  it('gives every step a title and a description', () => {
    for (const step of homeTourSteps(
      Object.fromEntries(HOME_TOUR_STEP_KEYS.map((k) => [k, true])),
    )) {
      expect(step.title.length, step.key).toBeGreaterThan(0);
      expect(step.description.length, step.key).toBeGreaterThan(0);
    }
  });
});

describe('clampStep', () => {
  it.each([
    [0, 7, 0],
    [3, 7, 3],
    [6, 7, 6],
    [9, 5, 4],
    [-2, 5, 0],
    [2.7, 5, 2],
    [3, 0, 0],
  ])('step %d of %d steps -> %d', (step, count, expected) => {
    expect(clampStep(step, count)).toBe(expected);
  });
});

describe('tourShouldShow', () => {
  it('starts by itself until seen', () => {
    expect(tourShouldShow({ seen: false, penTest: false, requested: false })).toBe(true);
    expect(tourShouldShow({ seen: true, penTest: false, requested: false })).toBe(false);
  });

  it('never starts by itself in a penetration-test environment, only when asked for', () => {
    expect(tourShouldShow({ seen: false, penTest: true, requested: false })).toBe(false);
    expect(tourShouldShow({ seen: false, penTest: true, requested: true })).toBe(true);
    expect(tourShouldShow({ seen: true, penTest: true, requested: true })).toBe(false);
  });
});
