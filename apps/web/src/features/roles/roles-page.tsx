import { Alert, Button, Table, Typography } from 'antd';
import { useState } from 'react';
import { USER_TYPE_LABELS, type BaseRole } from '@pillar/domain';
import { describeError } from '../../shared/notifications/notify.ts';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { useBaseRoles } from '../../entities/user/index.ts';
import { RoleDrawer } from './role-drawer.tsx';
import './roles.css';

/** /admin/roles (spec 2 §2): the base roles, each opening its permissions read-only. */
export default function RolesPage() {
  usePageTitle('Roles');
  const roles = useBaseRoles();
  const [open, setOpen] = useState<BaseRole | null>(null);
  return (
    <section className="page">
      <Typography.Title level={1}>Roles</Typography.Title>
      <Typography.Title level={2} id="base-roles" style={{ fontSize: 20 }}>
        Base Roles
      </Typography.Title>
      {roles.isError && (
        <Alert
          type="error"
          showIcon
          title="The roles could not be loaded."
          description={describeError(roles.error).description}
        />
      )}
      <Table<BaseRole>
        aria-labelledby="base-roles"
        rowKey="id"
        loading={roles.isLoading}
        dataSource={roles.data ?? []}
        pagination={false}
        locale={{ emptyText: 'No data' }}
        columns={[
          { title: 'Name', dataIndex: 'name', sorter: (a, b) => a.name.localeCompare(b.name) },
          {
            title: 'User Type',
            dataIndex: 'type',
            render: (type: BaseRole['type']) => USER_TYPE_LABELS[type],
          },
          { title: 'Role Group', dataIndex: 'groupLabel' },
          {
            title: 'Users',
            dataIndex: 'userCount',
            align: 'right',
            sorter: (a, b) => a.userCount - b.userCount,
          },
          {
            title: <span className="sr-only">Actions</span>,
            key: 'view',
            render: (_: unknown, role) => (
              <Button
                type="link"
                aria-label={`View ${role.name} (${USER_TYPE_LABELS[role.type]})`}
                onClick={() => setOpen(role)}
              >
                View
              </Button>
            ),
          },
        ]}
      />
      <RoleDrawer role={open} onClose={() => setOpen(null)} />
    </section>
  );
}
