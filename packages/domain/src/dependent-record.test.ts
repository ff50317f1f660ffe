import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MEMBER_SETTINGS,
  DEPENDENT_MESSAGES,
  DEPENDENT_RELATIONSHIP_OPTIONS,
  dependentActions,
  dependentCreateSchema,
  dependentSsnRequired,
  unsupportedDependentFields,
} from './index.ts';

const base = {
  firstName: 'Ann',
  lastName: 'Lee',
  birthdate: '2010-01-02',
  gender: 'F',
  relationship: 2,
  effectiveDate: '2024-01-01',
};

describe('dependent create schema', () => {
  it('requires relationship and effective date, and the SSN only when required and not defaulted', () => {
    const none = dependentCreateSchema(DEFAULT_MEMBER_SETTINGS).safeParse({
      ...base,
      relationship: '',
      effectiveDate: null,
    });
    expect(none.success).toBe(false);
    const paths = none.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    expect(paths).toContain('relationship:Relationship is required');
    expect(paths).toContain('effectiveDate:Effective Date is required');

    const required = { ...DEFAULT_MEMBER_SETTINGS, requireDependentSSN: true };
    expect(dependentSsnRequired(required)).toBe(true);
    expect(dependentCreateSchema(required).safeParse(base).success).toBe(false);
    const defaulted = { ...required, defaultDependentSSN: true };
    expect(dependentSsnRequired(defaulted)).toBe(false);
    expect(dependentCreateSchema(defaulted).safeParse(base).success).toBe(true);
    const dashed = dependentCreateSchema(required).safeParse({ ...base, ssn: '123-45-6789' });
    expect(dashed.error?.issues[0]?.message).toBe('SSN must be 9 digits with no dashes');
  });

  it('offers the relationship codes 2-7 with the spec labels', () => {
    expect(DEPENDENT_RELATIONSHIP_OPTIONS.map((o) => o.label)).toEqual([
      'Spouse',
      'Child',
      'Student',
      'Disabled Dependent',
      'Adult Dependent',
      'Significant Other',
    ]);
  });
});

describe('unsupportedDependentFields', () => {
  it('names address, COB and client defined data the organization does not offer', () => {
    expect(
      unsupportedDependentFields(
        { address1: 'x', city: '', isCOBSecondary: true, clientDefinedData: 'y' },
        DEFAULT_MEMBER_SETTINGS,
      ),
    ).toEqual({
      address1: DEPENDENT_MESSAGES.fieldNotSupported,
      isCOBSecondary: DEPENDENT_MESSAGES.fieldNotSupported,
      clientDefinedData: DEPENDENT_MESSAGES.fieldNotSupported,
    });
    expect(
      unsupportedDependentFields(
        { address1: 'x' },
        { ...DEFAULT_MEMBER_SETTINGS, SupportsDifferentDependentAddress: true },
      ),
    ).toEqual({});
  });
});

describe('dependentActions', () => {
  const active = { processStatus: 1, expirationDate: null };
  const input = { canEdit: true, supportsAlternateGroup: true, today: '2025-01-01' };
  it('offers terminate to an active dependent, reinstate and remove to a terminated one', () => {
    expect(dependentActions({ ...input, processStatus: 1, member: active })).toMatchObject({
      edit: true,
      terminate: true,
      reinstate: false,
      removeTermination: false,
      changeGroup: true,
      reinstateBlockedMessage: null,
    });
    expect(dependentActions({ ...input, processStatus: 9, member: active })).toMatchObject({
      terminate: false,
      reinstate: true,
      removeTermination: true,
      changeGroup: false,
    });
  });
  it('freezes the dependent of a terminated member, and everything without edit permission', () => {
    const member = { processStatus: 9, expirationDate: '2024-06-30' };
    expect(dependentActions({ ...input, processStatus: 9, member })).toEqual({
      edit: false,
      terminate: false,
      reinstate: false,
      removeTermination: false,
      changeGroup: false,
      reinstateBlockedMessage: 'Dependent cannot be reinstated because the member is terminated.',
    });
    // A termination still ahead leaves the member active.
    const ahead = { processStatus: 9, expirationDate: '2025-06-30' };
    expect(dependentActions({ ...input, processStatus: 9, member: ahead }).reinstate).toBe(true);
    expect(
      Object.values(
        dependentActions({ ...input, canEdit: false, processStatus: 1, member: active }),
      ).filter((v) => v === true),
    ).toEqual([]);
  });
});
