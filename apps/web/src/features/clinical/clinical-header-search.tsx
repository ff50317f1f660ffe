import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import {
  AGENT_MEMBER_ID_PATTERN,
  DRUG_SEARCH_DEBOUNCE_MS,
  DRUG_SEARCH_LIMIT,
  DRUG_SEARCH_MAX_LENGTH,
  PERMISSIONS as P,
  readDrugSearchTerm,
} from '@pillar/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DrugDrawer, drugOptionLabel, useDrugSearch } from '../../entities/drug/index.ts';
import { employeeSearchQueryOptions } from '../../entities/member/index.ts';
import { searchOrganizationsQueryOptions } from '../../entities/organization/index.ts';
import { useDebouncedValue } from '../../shared/inputs/use-debounced-value.ts';
import { usePermissions } from '../../shared/permissions/user-access.ts';

/** How many members and organizations the box lists (drugs: the drug search's 10). */
const PER_KIND = 5;

interface Found {
  value: string;
  label: string;
  open: () => void;
}

/**
 * The clinical header's 'Search Drug/Member/Organization' box (spec 2 §2 "Layout"): one term,
 * searched 2 s after typing stops (spec 2 §9) in each kind the user may open, the answers listed
 * by kind; choosing one opens it. Drugs by name, NDC or class code (10 classes; a drug opens the
 * drug drawer), members by member ID (a name alone is not enough for the member search, spec 1
 * §5; opens the member page), organizations by name (opens the organization). Decision 0108.
 */
export function ClinicalHeaderSearch() {
  const { can } = usePermissions();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [drugCode, setDrugCode] = useState<string | null>(null);
  const term = useDebouncedValue(typed.trim(), DRUG_SEARCH_DEBOUNCE_MS);
  const waiting = typed.trim() !== term;

  const mayReadMembers = can({ allOf: [P.viewMember] });
  const mayReadOrganizations = can({ allOf: [P.viewOrganizations] });
  const memberTerm = mayReadMembers && AGENT_MEMBER_ID_PATTERN.test(term);

  const drugReading = term === '' ? undefined : readDrugSearchTerm(term);
  const drugs = useDrugSearch(
    { q: term, distinct: 'gpi_10', sort: 'ndc:desc', offset: 0, limit: DRUG_SEARCH_LIMIT },
    drugReading?.ok === true,
  );
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
  if (drugReading?.ok && drugs.data) {
    groups.push({
      label: 'Drugs',
      found: drugs.data.data.flatMap((drug) =>
        drug.gpi_10 === null
          ? []
          : [
              {
                value: `drug:${drug.gpi_10}`,
                label: drugOptionLabel(drug),
                open: () => setDrugCode(drug.gpi_10),
              },
            ],
      ),
    });
  }
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
  const searching =
    drugs.isFetching || (memberTerm && members.isFetching) || organizations.isFetching;
  const failed = drugs.isError || members.isError || organizations.isError;

  const kinds = [
    'drugs by name, NDC or class code',
    mayReadMembers ? 'members by member ID' : undefined,
    mayReadOrganizations ? 'organizations by name' : undefined,
  ].filter(Boolean);

  function status(): string {
    if (typed.trim() === '') return `Type to search ${kinds.join(', ')}`;
    if (waiting) return 'Searching when you stop typing…';
    if (searching) return 'Searching…';
    // Only the drugs refuse a term (an odd number of digits): say why when nothing else answered.
    if (drugReading && !drugReading.ok && shown.length === 0) return drugReading.message;
    if (failed) return 'The search failed; try again.';
    return 'Nothing found';
  }

  return (
    <>
      <Select<string>
        className="clinical-header-search"
        aria-label="Search Drug/Member/Organization"
        placeholder="Search Drug/Member/Organization"
        suffixIcon={<SearchOutlined aria-hidden />}
        value={null}
        // Nothing the box searches is longer than a drug search term; longer text is cut there.
        showSearch={{
          filterOption: false,
          onSearch: (text) => setTyped(text.slice(0, DRUG_SEARCH_MAX_LENGTH)),
          searchValue: typed,
        }}
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
      <DrugDrawer code={drugCode} onClose={() => setDrugCode(null)} />
    </>
  );
}
