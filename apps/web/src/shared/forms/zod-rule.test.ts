import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isoDate } from '@pillar/domain';
import { zodRule } from './zod-rule.ts';

/** Runs a rule's validator as antd would: resolves when valid, rejects with the message. */
async function messageOf(rule: ReturnType<typeof zodRule>, value: unknown): Promise<string | null> {
  if (typeof rule !== 'object' || !rule.validator) throw new Error('not a validator rule');
  try {
    await rule.validator({}, value, () => undefined);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('zodRule', () => {
  it("leaves a malformed date to the field's MM/DD/YYYY rule: one message, not two", async () => {
    const rule = zodRule(isoDate('Birth Date'));
    expect(await messageOf(rule, '13/45/2020')).toBeNull();
    expect(await messageOf(rule, '2020-02-30')).toBeNull();
    expect(await messageOf(rule, '2020-02-28')).toBeNull();
  });

  it("still gives every other message of the schema, a date's included", async () => {
    const required = zodRule(isoDate('Birth Date').refine((v) => v >= '1900-01-01', 'Too early'));
    expect(await messageOf(required, '1899-12-31')).toBe('Too early');
    expect(await messageOf(zodRule(z.string().max(3, 'At most 3')), 'abcd')).toBe('At most 3');
    expect(await messageOf(zodRule(z.string().min(1, 'Required')), undefined)).toBe('Required');
  });
});
