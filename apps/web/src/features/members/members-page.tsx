import { Form, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { MEMBER_SEARCH_RULE_MESSAGE, PERMISSIONS, checkMemberSearchFields } from '@pillar/domain';
import {
  dependentColumns,
  employeeColumns,
  CLEARED_ON_SWITCH,
  DateFields,
  GroupField,
  MemberIdField,
  MemberKindSwitch,
  NameField,
  StatusField,
  TwoFieldRule,
  searchFieldsOf,
  type IdType,
  MEMBER_FILTER_NAMES,
  dependentSearchQueryOptions,
  employeeSearchQueryOptions,
  type MemberKind,
} from '../../entities/member/index.ts';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { usePermissions } from '../../shared/permissions/user-access.ts';
import { SearchTable } from '../../shared/search-table/search-table.tsx';
import { cleanFilters, writeTableState } from '../../shared/search-table/search-table-state.ts';
import { OrganizationSelect } from '../../entities/organization/index.ts';

/** Per-table prefixes (spec 1 §2); the home page's member search links with the same ones. */
const PREFIX: Record<MemberKind, string> = { employee: 'emp', dependent: 'dep' };
/** Which table shows, when no prefixed filter tells. */
const KIND_PARAM = 'type';

// antd's own empty-table grey falls under WCAG AA contrast; these carry a darker text.
const EMPTY_TEXT = (
  <span className="member-search-empty">
    Use the filters above to search for members. You can use one or several filters.
  </span>
);
const NO_RESULTS = <span className="member-search-empty">No members match this search.</span>;
const MORE_FIELDS = (
  <span className="member-search-empty" role="status">
    {MEMBER_SEARCH_RULE_MESSAGE}
  </span>
);

/**
 * Spec 1 §5: one field alone does not search, however it arrived (the form, a reload, the home
 * page's name search): the table asks for more instead, and nothing is sent.
 */
function twoFieldPrompt(filters: Record<string, unknown>) {
  return checkMemberSearchFields(searchFieldsOf(filters)).verdict === 'oneField'
    ? MORE_FIELDS
    : undefined;
}

const EMPLOYEE_COLUMNS = employeeColumns('organizations');
const DEPENDENT_COLUMNS = dependentColumns('organizations');

/** The table in view: the `type` parameter, else the table whose filters the URL holds. */
function kindOf(params: URLSearchParams): MemberKind {
  const explicit = params.get(KIND_PARAM);
  if (explicit === 'dependent' || explicit === 'employee') return explicit;
  const dependentKeys = [...params.keys()].some((key) => key.startsWith(`${PREFIX.dependent}.`));
  return dependentKeys ? 'dependent' : 'employee';
}

function tableOptions(kind: MemberKind) {
  return { prefix: PREFIX[kind], filterNames: MEMBER_FILTER_NAMES, sortFields: [] };
}

function Filters({
  kind,
  onSwitch,
  canViewSsn,
}: {
  kind: MemberKind;
  onSwitch: (next: MemberKind, values: Record<string, unknown>) => void;
  canViewSsn: boolean;
}) {
  const form = Form.useFormInstance();
  const organization = Form.useWatch('organizationNo', form) as string | undefined;
  const organizationNo = organization ? Number(organization) : undefined;
  // Spec 1 §2: SSN or Alternate ID with the SSN permission, else Alternate ID only; dependents
  // have an SSN field alone, disabled without the permission. A member ID is always offered.
  const idTypes: IdType[] =
    kind === 'dependent'
      ? ['ssn']
      : canViewSsn
        ? ['memberId', 'ssn', 'alternateId']
        : ['memberId', 'alternateId'];
  return (
    <>
      <MemberKindSwitch kind={kind} onSwitch={onSwitch} />
      <NameField />
      <Form.Item label="Organization" name="organizationNo">
        <OrganizationSelect onChange={() => form.setFieldValue('groupNo', undefined)} />
      </Form.Item>
      <GroupField organizationNo={organizationNo} />
      <MemberIdField types={idTypes} ssnDisabled={kind === 'dependent' && !canViewSsn} />
      <StatusField />
      <DateFields />
      <TwoFieldRule />
    </>
  );
}

/** /members: search employees or dependents across the organizations in scope (spec 1 §2). */
export default function MembersPage() {
  usePageTitle('Members');
  const [searchParams, setSearchParams] = useSearchParams();
  const { can } = usePermissions();
  const canViewSsn = can({ allOf: [PERMISSIONS.viewSsn] });
  const kind = kindOf(searchParams);

  /**
   * Switching tables keeps what the form holds except group, SSN and alternate ID (spec 1 §2),
   * and shows the other table searched with it; the previous table's state is dropped.
   */
  const switchKind = (next: MemberKind, values: Record<string, unknown>) => {
    if (next === kind) return;
    const carried = cleanFilters(
      values,
      MEMBER_FILTER_NAMES.filter(
        (name) => !(CLEARED_ON_SWITCH as readonly string[]).includes(name),
      ),
    );
    let params = new URLSearchParams(searchParams);
    for (const key of [...params.keys()]) {
      if (key.startsWith(`${PREFIX.employee}.`) || key.startsWith(`${PREFIX.dependent}.`)) {
        params.delete(key);
      }
    }
    params = writeTableState(params, tableOptions(next), { filters: carried, page: 1, sort: null });
    params.set(KIND_PARAM, next);
    setSearchParams(params);
  };

  const filters = <Filters kind={kind} onSwitch={switchKind} canViewSsn={canViewSsn} />;
  return (
    <section className="page members-page">
      <Typography.Title level={1}>Members</Typography.Title>
      {kind === 'employee' ? (
        <SearchTable
          key="employee"
          prefix={PREFIX.employee}
          filterNames={MEMBER_FILTER_NAMES}
          searchLabel="Employee search"
          columns={EMPLOYEE_COLUMNS}
          rowKey="employeeNo"
          queryOptions={(params) => employeeSearchQueryOptions(undefined, params)}
          requireFilter={EMPTY_TEXT}
          filterPrompt={twoFieldPrompt}
          emptyText={NO_RESULTS}
          filters={filters}
        />
      ) : (
        <SearchTable
          key="dependent"
          prefix={PREFIX.dependent}
          filterNames={MEMBER_FILTER_NAMES}
          searchLabel="Dependent search"
          columns={DEPENDENT_COLUMNS}
          rowKey="dependentNo"
          queryOptions={(params) => dependentSearchQueryOptions(undefined, params)}
          requireFilter={EMPTY_TEXT}
          filterPrompt={twoFieldPrompt}
          emptyText={NO_RESULTS}
          filters={filters}
        />
      )}
    </section>
  );
}
