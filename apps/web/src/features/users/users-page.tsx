import { ImportOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { PERMISSIONS, type UserListItem } from '@pillar/domain';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { PermissionGate } from '../../shared/permissions/permission-gate.tsx';
import { SearchTable, type SearchTableColumn } from '../../shared/search-table/search-table.tsx';
import { type SearchParams } from '../../shared/search-table/search-table-state.ts';
import { searchUsersQueryOptions } from '../../entities/user/index.ts';
import { CreateUserDrawer } from './create-user-drawer.tsx';
import { EditUserDrawer } from './edit-user-drawer.tsx';
import { ImportUserDrawer } from './import-user-drawer.tsx';
import { RoleTag } from './role-tag.tsx';
import './users.css';

const FILTER_NAMES = ['name', 'username', 'active'] as const;

/** Spec 2 §9: user status filter values All, Active, Deactivated. */
const STATUS_OPTIONS = [
  { value: 'all', label: 'All' },
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Deactivated' },
];

function columns(listSearch: string): SearchTableColumn<UserListItem>[] {
  return [
    {
      title: 'Name',
      dataIndex: 'fullName',
      sortField: 'name',
      render: (name: string, row) => <Link to={`/admin/users/${row.id}${listSearch}`}>{name}</Link>,
    },
    { title: 'Email', dataIndex: 'username', sortField: 'username' },
    {
      title: 'Roles',
      dataIndex: 'roles',
      render: (roles: UserListItem['roles']) =>
        roles.length ? (
          <div className="users-roles">
            {roles.map((role) => (
              <RoleTag key={role.id} role={role} />
            ))}
          </div>
        ) : (
          '—'
        ),
    },
    {
      title: 'Status',
      dataIndex: 'active',
      sortField: 'active',
      render: (active: boolean) => (
        <Tag
          variant="outlined"
          className={active ? 'user-status--active' : 'user-status--inactive'}
        >
          {active ? 'Active' : 'Deactivated'}
        </Tag>
      ),
    },
  ];
}

function toSearch({ filters, limit, offset, sortParam }: SearchParams) {
  const text = (name: string) => {
    const value = filters[name];
    return typeof value === 'string' ? value : undefined;
  };
  const active = text('active');
  return searchUsersQueryOptions({
    name: text('name'),
    username: text('username'),
    active: active === 'true' || active === 'false' ? active : undefined,
    limit,
    offset,
    sort: sortParam,
  });
}

export type UsersDrawer = 'create' | 'edit' | 'import';

/**
 * /admin/users (spec 2 §2): search by name, email and status; the user forms open over the list
 * in a 55% drawer at /admin/users/create, /admin/users/{id} and /admin/users/import.
 */
export default function UsersPage({ drawer }: { drawer?: UsersDrawer }) {
  usePageTitle(
    drawer === 'create'
      ? 'Create User'
      : drawer === 'import'
        ? 'Import DataNet User'
        : drawer === 'edit'
          ? 'Edit User'
          : 'Users',
  );
  const navigate = useNavigate();
  const { search } = useLocation();
  const { id } = useParams();
  const userId = id && /^\d+$/.test(id) ? Number(id) : null;
  const backToList = () => void navigate(`/admin/users${search}`);

  return (
    <section className="page">
      <div className="users-header">
        <Typography.Title level={1}>Users</Typography.Title>
        <Space wrap>
          <PermissionGate rule={{ allOf: [PERMISSIONS.importDatanetUser] }}>
            <Button
              icon={<ImportOutlined />}
              onClick={() => void navigate(`/admin/users/import${search}`)}
            >
              Import DataNet User
            </Button>
          </PermissionGate>
          <PermissionGate rule={{ allOf: [PERMISSIONS.addUsers] }}>
            <Button
              type="primary"
              icon={<UserAddOutlined />}
              onClick={() => void navigate(`/admin/users/create${search}`)}
            >
              Create User
            </Button>
          </PermissionGate>
        </Space>
      </div>
      <SearchTable
        prefix="users"
        filterNames={FILTER_NAMES}
        searchLabel="User search"
        columns={columns(search)}
        rowKey="id"
        queryOptions={toSearch}
        filters={
          <>
            <Form.Item
              label="Name"
              name="name"
              rules={[{ max: 120, message: 'Name must not exceed 120 characters' }]}
            >
              <Input allowClear autoComplete="off" />
            </Form.Item>
            <Form.Item label="Email" name="username">
              <Input allowClear autoComplete="off" />
            </Form.Item>
            <Form.Item label="User Status" name="active">
              <Select allowClear options={STATUS_OPTIONS} placeholder="All" />
            </Form.Item>
          </>
        }
      />
      {drawer === 'create' && (
        <CreateUserDrawer open onClose={backToList} onCreated={() => backToList()} />
      )}
      {drawer === 'edit' && <EditUserDrawer userId={userId} onClose={backToList} />}
      {drawer === 'import' && (
        <ImportUserDrawer
          listSearch={search}
          onClose={backToList}
          onImported={(newId) => void navigate(`/admin/users/${newId}${search}`)}
        />
      )}
    </section>
  );
}
