import { Button } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  PERMISSIONS,
  PROCESS_STATUS,
  displayStatusCode,
  employeePath,
  type OrganizationDetail,
} from '@pillar/domain';
import {
  CreateMemberDrawer,
  dependentColumns,
  employeeColumns,
  CLEARED_ON_SWITCH,
  DateFields,
  GroupField,
  MemberIdField,
  MemberKindSwitch,
  NameField,
  StatusField,
  type IdType,
  MEMBER_FILTER_NAMES,
  dependentSearchQueryOptions,
  employeeSearchQueryOptions,
  type MemberKind,
} from '../../entities/member/index.ts';
import { usePermissions } from '../../shared/permissions/user-access.ts';
import { SearchTable } from '../../shared/search-table/search-table.tsx';
import { cleanFilters, writeTableState } from '../../shared/search-table/search-table-state.ts';

const PREFIX: Record<MemberKind, string> = { employee: 'emp', dependent: 'dep' };
const KIND_PARAM = 'type';
const FILTER_NAMES = MEMBER_FILTER_NAMES.filter((name) => name !== 'organizationNo');
const EMPLOYEE_COLUMNS = employeeColumns('organization');
const DEPENDENT_COLUMNS = dependentColumns('organization');
// antd's own empty-table grey falls under WCAG AA contrast.
const NO_RESULTS = <span className="member-search-empty">No members match this search.</span>;

function kindOf(params: URLSearchParams): MemberKind {
  const explicit = params.get(KIND_PARAM);
  if (explicit === 'dependent' || explicit === 'employee') return explicit;
  return [...params.keys()].some((key) => key.startsWith(`${PREFIX.dependent}.`))
    ? 'dependent'
    : 'employee';
}

function Filters({
  organizationNo,
  kind,
  onSwitch,
  canViewSsn,
}: {
  organizationNo: number;
  kind: MemberKind;
  onSwitch: (next: MemberKind, values: Record<string, unknown>) => void;
  canViewSsn: boolean;
}) {
  // A dependent's member ID is its member's: it finds the dependents of that member.
  const idTypes: IdType[] =
    kind === 'dependent'
      ? canViewSsn
        ? ['memberId', 'ssn']
        : ['memberId']
      : canViewSsn
        ? ['memberId', 'ssn', 'alternateId']
        : ['memberId', 'alternateId'];
  return (
    <>
      <MemberKindSwitch kind={kind} onSwitch={onSwitch} />
      <NameField />
      <GroupField organizationNo={organizationNo} />
      <MemberIdField types={idTypes} />
      <StatusField />
      <DateFields />
    </>
  );
}

/**
 * The organization's Members tab (spec 1 §2): its employees or dependents, searched by name,
 * group, ID, status and dates, listed from the start (the organization is the search).
 */
export default function OrganizationMembersTab({
  organization,
}: {
  organization: OrganizationDetail;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { can } = usePermissions();
  const canViewSsn = can({ allOf: [PERMISSIONS.viewSsn] });
  const canEdit = can({ allOf: [PERMISSIONS.editMember] });
  const kind = kindOf(searchParams);
  const orgId = organization.organizationNo;
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  // Spec 1 §2: only when the organization is not terminated and the user may edit members. An
  // organization whose termination date is still ahead is active until then (as the server says).
  const showCreate =
    canEdit &&
    displayStatusCode(organization.processStatus, organization.expirationDate) !==
      PROCESS_STATUS.terminated;

  const switchKind = (next: MemberKind, values: Record<string, unknown>) => {
    if (next === kind) return;
    const carried = cleanFilters(
      values,
      FILTER_NAMES.filter((name) => !(CLEARED_ON_SWITCH as readonly string[]).includes(name)),
    );
    let params = new URLSearchParams(searchParams);
    for (const key of [...params.keys()]) {
      if (key.startsWith(`${PREFIX.employee}.`) || key.startsWith(`${PREFIX.dependent}.`)) {
        params.delete(key);
      }
    }
    params = writeTableState(
      params,
      { prefix: PREFIX[next], filterNames: FILTER_NAMES, sortFields: [] },
      { filters: carried, page: 1, sort: null },
    );
    params.set(KIND_PARAM, next);
    setSearchParams(params);
  };

  const filters = (
    <Filters
      organizationNo={organization.organizationNo}
      kind={kind}
      onSwitch={switchKind}
      canViewSsn={canViewSsn}
    />
  );
  return (
    <div className="organization-members">
      {showCreate && (
        <div className="member-search-actions">
          <Button type="primary" onClick={() => setCreating(true)}>
            Create New Member
          </Button>
          <CreateMemberDrawer
            organization={organization}
            open={creating}
            onClose={() => setCreating(false)}
            onCreated={(employeeNo) =>
              void navigate(employeePath(organization.organizationNo, employeeNo))
            }
          />
        </div>
      )}
      {kind === 'employee' ? (
        <SearchTable
          key="employee"
          prefix={PREFIX.employee}
          filterNames={FILTER_NAMES}
          searchLabel={`Employees of ${organization.name}`}
          columns={EMPLOYEE_COLUMNS}
          rowKey="employeeNo"
          queryOptions={(params) => employeeSearchQueryOptions(orgId, params)}
          emptyText={NO_RESULTS}
          filters={filters}
        />
      ) : (
        <SearchTable
          key="dependent"
          prefix={PREFIX.dependent}
          filterNames={FILTER_NAMES}
          searchLabel={`Dependents of ${organization.name}`}
          columns={DEPENDENT_COLUMNS}
          rowKey="dependentNo"
          queryOptions={(params) => dependentSearchQueryOptions(orgId, params)}
          emptyText={NO_RESULTS}
          filters={filters}
        />
      )}
    </div>
  );
}
