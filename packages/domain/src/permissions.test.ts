import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  AGENT_ACCESS,
  ALL_PERMISSIONS,
  BROAD_ACCESS,
  PERMISSIONS,
  hasAll,
  hasAny,
  satisfiesRule,
} from './permissions.ts';

const { viewMember, editMember, viewSsn, viewFiles } = PERMISSIONS;

describe('permission keys', () => {
  it('keep the names spec 1 §6 gives them', () => {
    expect(ALL_PERMISSIONS).toEqual(
      expect.arrayContaining([
        'portal-view-member',
        'portal-edit-member',
        'portal-upload-files',
        'portal-view-files',
        'portal-delete-files',
        'portal-view-organizations',
        'portal-view-financial-invoice',
        'portal-download-financial-invoice',
        'portal-view-financial-claim-detail',
        'portal-download-financial-claim-detail',
        'portal-view-financial-claim-summary',
        'portal-download-financial-claim-summary',
        'portal-download-financial-invoice-claim-export',
      ]),
    );
  });

  it('are unique', () => {
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
  });

  it('the agent and broad-access sets hold only known keys', () => {
    for (const p of [...AGENT_ACCESS, ...BROAD_ACCESS]) expect(ALL_PERMISSIONS).toContain(p);
  });
});

describe('hasAll, hasAny, satisfiesRule', () => {
  it('hasAll needs every one', () => {
    expect(hasAll([viewMember, editMember], [viewMember, editMember])).toBe(true);
    expect(hasAll([viewMember], [viewMember, editMember])).toBe(false);
    expect(hasAll([], [])).toBe(true);
    expect(hasAll(new Set([viewMember, viewSsn]), [viewSsn])).toBe(true);
  });

  it('hasAny needs one', () => {
    expect(hasAny([viewFiles], [viewMember, viewFiles])).toBe(true);
    expect(hasAny([viewSsn], [viewMember, viewFiles])).toBe(false);
    expect(hasAny([viewMember], [])).toBe(false);
    expect(hasAny(new Set([viewFiles]), [viewFiles])).toBe(true);
  });

  it('satisfiesRule picks by the rule', () => {
    expect(satisfiesRule([viewMember], { allOf: [viewMember, editMember] })).toBe(false);
    expect(satisfiesRule([viewMember], { anyOf: [viewMember, editMember] })).toBe(true);
    expect(satisfiesRule([viewMember, editMember], { allOf: [viewMember, editMember] })).toBe(true);
    expect(satisfiesRule([], { anyOf: AGENT_ACCESS })).toBe(false);
    expect(satisfiesRule([PERMISSIONS.appAgent], { anyOf: AGENT_ACCESS })).toBe(true);
  });

  it('agree with plain set logic for any holdings', () => {
    const perms = fc.subarray([...ALL_PERMISSIONS]);
    fc.assert(
      fc.property(perms, perms, (held, needed) => {
        expect(hasAll(held, needed)).toBe(needed.every((p) => held.includes(p)));
        expect(hasAny(held, needed)).toBe(needed.some((p) => held.includes(p)));
        expect(satisfiesRule(held, { allOf: needed })).toBe(hasAll(held, needed));
        expect(satisfiesRule(held, { anyOf: needed })).toBe(hasAny(held, needed));
      }),
    );
  });
});
