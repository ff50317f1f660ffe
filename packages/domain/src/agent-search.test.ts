import { describe, expect, it } from 'vitest';
import {
  AGENT_MEMBER_ID_MESSAGE,
  AGENT_SEARCH_EMPTY_MESSAGE,
  agentMemberPath,
  agentSearchCase,
  agentSearchFieldsOfQuery,
  agentSearchForm,
  agentSearchQuery,
  agentSearchQueryOf,
  type AgentSearchField,
} from './agent-search.ts';

describe('agentSearchCase (spec 2 §5: two fields unless a member ID or an organization)', () => {
  const cases: [Partial<Record<AgentSearchField, unknown>>, string, AgentSearchField[]][] = [
    [{}, 'none', []],
    [{ firstName: '  ', lastName: '', memberId: undefined }, 'none', []],
    [{ firstName: 'Ann' }, 'needsConfirm', ['firstName']],
    [{ lastName: 'Smith' }, 'needsConfirm', ['lastName']],
    [{ birthDate: '1980-02-03' }, 'needsConfirm', ['birthDate']],
    [{ memberId: 'ABC-123' }, 'search', ['memberId']],
    [{ organizationNo: 4 }, 'search', ['organizationNo']],
    [{ firstName: 'Ann', lastName: 'Smith' }, 'search', ['firstName', 'lastName']],
    [{ lastName: 'Smith', birthDate: '1980-02-03' }, 'search', ['lastName', 'birthDate']],
    [{ firstName: 'Ann', organizationNo: 4 }, 'search', ['firstName', 'organizationNo']],
  ];
  it.each(cases)('%j is %s', (values, expected, fields) => {
    const verdict = agentSearchCase(values);
    expect(verdict.case).toBe(expected);
    expect(verdict.fields).toEqual(fields);
  });

  it('reads a query under the form names', () => {
    const query = agentSearchQuery.parse({ lastname: 'smith', birthdate: '1980-02-03' });
    expect(agentSearchCase(agentSearchFieldsOfQuery(query)).case).toBe('search');
  });

  it("uses the spec's words for an empty search", () => {
    expect(AGENT_SEARCH_EMPTY_MESSAGE).toBe('Enter more information to search');
  });
});

describe('member ID (letters, digits and hyphen, at most 20)', () => {
  const ids: [string, boolean][] = [
    ['ABC-123', true],
    ['a1b2c3', true],
    ['12345678901234567890', true],
    ['123456789012345678901', false],
    ['ABC 123', false],
    ['ABC_123', false],
    ['ABC/123', false],
  ];
  it.each(ids)('%s on the form: %s', (memberId, valid) => {
    const result = agentSearchForm.safeParse({ memberId });
    expect(result.success).toBe(valid);
    if (!result.success) expect(result.error.issues[0]?.message).toBe(AGENT_MEMBER_ID_MESSAGE);
  });
  it.each(ids)('%s in the query: %s', (memberId, valid) => {
    const result = agentSearchQuery.safeParse({ memberId });
    expect(result.success).toBe(valid);
    if (!result.success) expect(result.error.issues[0]?.path).toEqual(['memberId']);
  });
});

describe('the query schema', () => {
  const bad: [Record<string, string>, string][] = [
    [{ birthdate: '1980-02-30' }, 'birthdate'],
    [{ birthdate: '02/03/1980' }, 'birthdate'],
    [{ firstname: 'Ann1' }, 'firstname'],
    [{ lastname: 'x'.repeat(30) }, 'lastname'],
    [{ organizationNo: 'abc' }, 'organizationNo'],
    [{ organizationNo: '2147483648' }, 'organizationNo'],
    [{ limit: '101' }, 'limit'],
    [{ confirmOneField: 'yes' }, 'confirmOneField'],
  ];
  it.each(bad)('%j is refused naming %s', (query, field) => {
    const result = agentSearchQuery.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path[0])).toContain(field);
  });

  it('pages by 20 by default and takes the confirmation', () => {
    expect(agentSearchQuery.parse({ lastname: 'smith', confirmOneField: 'true' })).toEqual({
      lastname: 'smith',
      confirmOneField: true,
      limit: 20,
      offset: 0,
    });
  });
});

describe('agentSearchQueryOf', () => {
  it('leaves blanks out, trims, and sends the confirmation only when given', () => {
    expect(
      agentSearchQueryOf(
        { firstName: ' Ann ', lastName: '', memberId: '', organizationNo: 7 },
        false,
      ),
    ).toEqual({
      firstname: 'Ann',
      lastname: undefined,
      birthdate: undefined,
      memberId: undefined,
      organizationNo: 7,
    });
    expect(agentSearchQueryOf({ lastName: 'Smith' }, true)).toMatchObject({
      lastname: 'Smith',
      confirmOneField: 'true',
    });
  });
});

describe('agentMemberPath', () => {
  it('opens the member, or the dependent under the member', () => {
    expect(agentMemberPath({ organizationNo: 3, employeeNo: 10, dependentNo: null })).toBe(
      '/agent/3/member/10',
    );
    expect(agentMemberPath({ organizationNo: 3, employeeNo: 10, dependentNo: 22 })).toBe(
      '/agent/3/member/10/22',
    );
  });
});
