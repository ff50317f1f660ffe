import { describe, expect, it } from 'vitest';
import { membersSearchPath, organizationsSearchPath } from './member-search.ts';

describe('membersSearchPath', () => {
  it('searches employees or dependents by name in the members list', () => {
    expect(membersSearchPath('employee', ' Smith ')).toBe('/members?emp.name=Smith');
    expect(membersSearchPath('dependent', 'Smith')).toBe('/members?dep.name=Smith');
  });

  it('encodes the name, and opens the chosen table without one', () => {
    expect(membersSearchPath('employee', "O'Brien & Co")).toBe(
      '/members?emp.name=O%27Brien+%26+Co',
    );
    expect(membersSearchPath('employee', '   ')).toBe('/members?type=employee');
    expect(membersSearchPath('dependent', '')).toBe('/members?type=dependent');
  });
});

describe('organizationsSearchPath', () => {
  it('searches the organizations list by name with its org prefix', () => {
    expect(organizationsSearchPath(' cedar valley ')).toBe('/organizations?org.name=cedar+valley');
    expect(organizationsSearchPath('')).toBe('/organizations');
  });
});
