import { Checkbox, Descriptions, Typography } from 'antd';
import { USER_TYPE_LABELS, type BaseRole } from '@pillar/domain';
import { AppDrawer } from '../../shared/drawer/app-drawer.tsx';

/** A role's permissions as read-only checkboxes, grouped as spec 2 §3 names the groups. */
export function RoleDrawer({ role, onClose }: { role: BaseRole | null; onClose: () => void }) {
  return (
    <AppDrawer
      title={role?.name ?? 'Role'}
      open={!!role}
      onClose={onClose}
      size="medium"
      rootClassName="role-drawer"
    >
      {role && (
        // The permissions scroll in a region of their own that keyboard users can focus: the
        // read-only checkboxes are not focusable, so nothing else would let them scroll.
        <div
          className="role-drawer__scroll"
          tabIndex={0}
          role="region"
          aria-label={`Permissions of ${role.name}`}
        >
          <Typography.Paragraph>{role.description}</Typography.Paragraph>
          <Descriptions bordered size="small" column={1} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="User Type">{USER_TYPE_LABELS[role.type]}</Descriptions.Item>
            <Descriptions.Item label="Role Group">{role.groupLabel}</Descriptions.Item>
            <Descriptions.Item label="Protected">{role.protected ? 'Yes' : 'No'}</Descriptions.Item>
            <Descriptions.Item label="Users">{role.userCount}</Descriptions.Item>
          </Descriptions>
          {role.permissionGroups.map((group) => (
            <fieldset key={group.name} className="role-permissions">
              <legend>{group.name}</legend>
              {group.permissions.map((permission) => (
                <div key={permission.id}>
                  <Checkbox checked={permission.value} disabled>
                    {permission.name}
                  </Checkbox>
                </div>
              ))}
            </fieldset>
          ))}
        </div>
      )}
    </AppDrawer>
  );
}
