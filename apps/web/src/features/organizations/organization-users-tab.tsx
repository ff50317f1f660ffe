import { Form, Input, Select, Space, Tag } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import {
  ROLE_DEFINITIONS,
  USER_STATUS_OPTIONS,
  USER_TYPES,
  type OrganizationDetail,
  type OrganizationUser,
} from '@pillar/domain';
import { usePermissions } from '../../shared/permissions/user-access.ts';
import { SearchTable, type SearchTableColumn } from '../../shared/search-table/search-table.tsx';
import { type SearchParams } from '../../shared/search-table/search-table-state.ts';
import { organizationUsersQueryOptions } from '../../entities/organization/index.ts';

const FILTER_NAMES = ['userName', 'roleId', 'active'] as const;
const ARRAY_FILTERS = ['roleId'] as const;

const GROUP_LABELS = { client: 'Client', broker: 'Broker' } as const;

const COLUMNS: SearchTableColumn<OrganizationUser>[] = [
  {
    title: 'User Name',
    dataIndex: 'fullName',
    sortField: 'name',
    // The users area's page for the person; this tab needs the same permission.
    render: (name: string, user) => <Link to={`/admin/users/${user.id}`}>{name}</Link>,
  },
  {
    title: 'User Type',
    dataIndex: 'type',
    sortField: 'type',
    render: (type: OrganizationUser['type']) => USER_TYPES[type],
  },
  {
    title: 'User Roles',
    dataIndex: 'roles',
    render: (roles: OrganizationUser['roles']) => (
      <Space size={[4, 4]} wrap>
        {roles.map((role) => (
          <Tag key={role.id}>{role.name}</Tag>
        ))}
      </Space>
    ),
  },
  {
    title: 'Status',
    dataIndex: 'active',
    sortField: 'active',
    render: (active: boolean) => (active ? 'Active' : 'Deactivated'),
  },
];

/**
 * The organization's Users tab (spec 1 §2): search by user name, roles (grouped Client and
 * Broker; an external user sees their own type's) and status.
 */
export default function OrganizationUsersTab({
  organization,
}: {
  organization: OrganizationDetail;
}) {
  const { claims } = usePermissions();
  const roleOptions = useMemo(() => {
    const groups = (['client', 'broker'] as const).filter(
      (group) => claims.userType === 'i' || claims.userType === group[0],
    );
    return groups.map((group) => ({
      label: GROUP_LABELS[group],
      title: GROUP_LABELS[group],
      options: ROLE_DEFINITIONS.filter((role) => role.userType === group).map((role) => ({
        value: String(role.id),
        label: role.name,
      })),
    }));
  }, [claims.userType]);
  const roleLabel = useMemo(() => {
    const labels = new Map<string, string>();
    for (const group of roleOptions)
      for (const option of group.options)
        labels.set(option.value, `${group.label}: ${option.label}`);
    return labels;
  }, [roleOptions]);

  const toQuery = ({ filters, limit, offset, sortParam }: SearchParams) => {
    const name = typeof filters.userName === 'string' ? filters.userName : undefined;
    const roles = Array.isArray(filters.roleId)
      ? filters.roleId.map(Number).filter((id) => Number.isInteger(id) && id > 0)
      : undefined;
    const active =
      filters.active === 'true' ? true : filters.active === 'false' ? false : undefined;
    return organizationUsersQueryOptions(organization.organizationNo, {
      name,
      roleId: roles,
      active,
      limit,
      offset,
      sort: sortParam,
    });
  };

  return (
    <SearchTable
      prefix="users"
      filterNames={FILTER_NAMES}
      arrayFilters={ARRAY_FILTERS}
      searchLabel="User search"
      columns={COLUMNS}
      rowKey="id"
      queryOptions={toQuery}
      emptyText="No users"
      filters={
        <>
          <Form.Item
            label="User Name"
            name="userName"
            rules={[{ max: 120, message: 'User Name must not exceed 120 characters' }]}
          >
            <Input allowClear autoComplete="off" />
          </Form.Item>
          <Form.Item label="Roles" name="roleId">
            <Select
              mode="multiple"
              allowClear
              options={roleOptions}
              placeholder="Any role"
              optionFilterProp="label"
              labelRender={({ value, label }) => roleLabel.get(String(value)) ?? label}
            />
          </Form.Item>
          <Form.Item label="Status" name="active" initialValue="">
            <Select options={USER_STATUS_OPTIONS.map((o) => ({ ...o }))} />
          </Form.Item>
        </>
      }
    />
  );
}
