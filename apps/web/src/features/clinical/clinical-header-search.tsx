import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { AGENT_MEMBER_ID_PATTERN, PERMISSIONS as P } from '@pillar/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { employeeSearchQueryOptions } from '../../entities/member/index.ts';
import { searchOrganizationsQueryOptions } from '../../entities/organization/index.ts';
import { useDebouncedValue } from '../../shared/inputs/use-debounced-value.ts';
import { usePermissions } from '../../shared/permissions/user-access.ts';

/** Spec 2 §9: the clinical searches run 2 seconds after typing stops. */
export const HEADER_SEARCH_DELAY_MS = 2000;
/** How many of each kind the box lists. */
const PER_KIND = 5;

interface Found {
  value: string;
  label: string;
  open: () => void;
}

/**
 * The clinical header's 'Search Drug/Member/Organization' box (spec 2 §2 "Layout"): one term,
 * searched 2 s after typing stops in each kind the user may open, the answers listed by kind;
 * choosing one opens it. Members are found by member ID (a name alone is not enough for the
 * member search, spec 1 §5), organizations by name. Decision 0108.
 */
export function ClinicalHeaderSearch() {
  const { can } = usePermissions();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const term = useDebouncedValue(typed.trim(), HEADER_SEARCH_DELAY_MS);
  const waiting = typed.trim() !== term;

  const mayReadMembers = can({ allOf: [P.viewMember] });
  const mayReadOrganizations = can({ allOf: [P.viewOrganizations] });
  const memberTerm = mayReadMembers && AGENT_MEMBER_ID_PATTERN.test(term);

  const members = useQuery({
    ...employeeSearchQueryOptions(undefined, {
      filters: { memberId: term },
      page: 1,
      pageSize: PER_KIND,
      limit: PER_KIND,
      offset: 0,
    }),
    enabled: memberTerm,
  });
  const organizations = useQuery({
    ...searchOrganizationsQueryOptions({
      name: term,
      limit: PER_KIND,
      offset: 0,
      sort: 'name:asc',
    }),
    enabled: mayReadOrganizations && term !== '',
  });

  const groups: { label: string; found: Found[] }[] = [];
  if (memberTerm && members.data) {
    groups.push({
      label: 'Members',
      found: members.data.data.map((row) => ({
        value: `member:${row.organizationNo}:${row.employeeNo}`,
        label: `${row.name} · ${row.generatedId} · ${row.organizationName}`,
        open: () =>
          void navigate(`/organizations/${row.organizationNo}/employees/${row.employeeNo}`),
      })),
    });
  }
  if (mayReadOrganizations && term !== '' && organizations.data) {
    groups.push({
      label: 'Organizations',
      found: organizations.data.data.map((row) => ({
        value: `organization:${row.organizationNo}`,
        label: row.name,
        open: () => void navigate(`/organizations/${row.organizationNo}`),
      })),
    });
  }
  const shown = groups.filter((group) => group.found.length > 0);
  const searching = (memberTerm && members.isFetching) || organizations.isFetching;
  const failed = members.isError || organizations.isError;

  const kinds = [
    mayReadMembers ? 'members by member ID' : undefined,
    mayReadOrganizations ? 'organizations by name' : undefined,
  ].filter(Boolean);

  function status(): string {
    if (typed.trim() === '') return `Type to search ${kinds.join(', ')}`;
    if (waiting) return 'Searching when you stop typing…';
    if (searching) return 'Searching…';
    if (failed) return 'The search failed; try again.';
    return 'Nothing found';
  }

  return (
    <Select<string>
      className="clinical-header-search"
      aria-label="Search Drug/Member/Organization"
      placeholder="Search Drug/Member/Organization"
      suffixIcon={<SearchOutlined aria-hidden />}
      value={null}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      loading={waiting || searching}
      notFoundContent={status()}
      options={
        waiting
          ? []
          : shown.map((group) => ({
              label: group.label,
              title: group.label,
              options: group.found.map(({ value, label }) => ({ value, label })),
            }))
      }
      onSelect={(value: string) => {
        const found = shown.flatMap((group) => group.found).find((f) => f.value === value);
        setTyped('');
        found?.open();
      }}
    />
  );
}
