import { Card, Descriptions, Empty, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { PERMISSIONS, USER_TYPES } from '@pillar/domain';
import { AppDrawer } from '../../shared/drawer/app-drawer.tsx';
import { useFeatureFlag } from '../../shared/feature-flags/feature-flags.ts';
import { usePermissions } from '../../shared/permissions/user-access.ts';

export interface ProfileDrawerProps {
  open: boolean;
  onClose: () => void;
}

/** The signed-in user's profile, read-only until profile editing arrives. */
export default function ProfileDrawer({ open, onClose }: ProfileDrawerProps) {
  const { claims, can } = usePermissions();
  const [showPermissions] = useFeatureFlag('Show User Permissions');
  const name = `${claims.firstName} ${claims.lastName}`.trim();
  const scope =
    claims.scope === 'all'
      ? 'All organizations'
      : `${claims.scope.length} organization${claims.scope.length === 1 ? '' : 's'}`;
  return (
    <AppDrawer title="Profile" open={open} onClose={onClose} size="medium">
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="Name">{name || '—'}</Descriptions.Item>
        <Descriptions.Item label="Email">{claims.username}</Descriptions.Item>
        <Descriptions.Item label="User Type">
          {USER_TYPES[claims.userType]}
          {claims.userType === 'i' && claims.rxbAdmin ? ' (administrator)' : ''}
        </Descriptions.Item>
        <Descriptions.Item label="Organization Access">{scope}</Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary" className="profile-note">
        Editing your name and phone number and resetting your password arrive in a later release.
      </Typography.Paragraph>
      {showPermissions ? (
        <Card title="Applications/Permissions" size="small">
          {claims.permissions.length ? (
            <ul className="permission-list" aria-label="Your permissions">
              {[...claims.permissions].sort().map((permission) => (
                <li key={permission}>
                  <Tag>{permission}</Tag>
                </li>
              ))}
            </ul>
          ) : (
            <Empty description="No permissions" />
          )}
        </Card>
      ) : (
        <Typography.Paragraph type="secondary">
          Your permissions are listed here when the &lsquo;Show User Permissions&rsquo; feature flag
          is on.{' '}
          {can({ allOf: [PERMISSIONS.viewFeatureFlags] }) && (
            <Link to="/admin/featureFlags" onClick={onClose}>
              Manage feature flags
            </Link>
          )}
        </Typography.Paragraph>
      )}
    </AppDrawer>
  );
}
