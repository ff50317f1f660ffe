import { Alert, Button, Card, Empty, Form, Input, Skeleton, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import {
  PERMISSIONS,
  USER_TYPES,
  firstNameSchema,
  lastNameSchema,
  parseExtension,
  phoneSchema,
  type UserProfile,
} from '@pillar/domain';
import { AppDrawer } from '../../shared/drawer/app-drawer.tsx';
import { useFeatureFlag } from '../../entities/feature-flag/index.ts';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { PhoneInput } from '../../shared/inputs/phone-input.tsx';
import { describeError } from '../../shared/notifications/notify.ts';
import { usePermissions } from '../../shared/permissions/user-access.ts';
import {
  useProfile,
  useRequestPasswordReset,
  useUpdateProfile,
} from '../../entities/user/index.ts';
import './profile.css';

export interface ProfileDrawerProps {
  open: boolean;
  onClose: () => void;
}

interface ProfileFormValues {
  firstName: string;
  lastName: string;
  phone: string;
  extension: string;
  username: string;
}

function valuesOf(profile: UserProfile): ProfileFormValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    phone: profile.phone ?? '',
    extension: profile.extension === null ? '' : String(profile.extension),
    username: profile.username,
  };
}

function ProfileForm({ profile }: { profile: UserProfile }) {
  const [form] = Form.useForm<ProfileFormValues>();
  const update = useUpdateProfile();
  useEffect(() => form.setFieldsValue(valuesOf(profile)), [form, profile]);
  const save = (values: ProfileFormValues) => {
    const extension = parseExtension(values.extension);
    update.mutate({
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
      phone: values.phone?.trim() || null,
      extension: typeof extension === 'number' ? extension : null,
    });
  };
  return (
    <Form
      form={form}
      name="profile"
      layout="vertical"
      aria-label="Edit Profile"
      initialValues={valuesOf(profile)}
      onFinish={save}
    >
      <Form.Item
        label="First Name"
        name="firstName"
        rules={[
          { required: true, whitespace: true, message: 'First Name is required' },
          zodRule(firstNameSchema()),
        ]}
      >
        <Input autoComplete="given-name" />
      </Form.Item>
      <Form.Item
        label="Last Name"
        name="lastName"
        rules={[
          { required: true, whitespace: true, message: 'Last Name is required' },
          zodRule(lastNameSchema()),
        ]}
      >
        <Input autoComplete="family-name" />
      </Form.Item>
      <Form.Item label="Phone" name="phone" rules={[zodRule(phoneSchema())]}>
        <PhoneInput />
      </Form.Item>
      <Form.Item
        label="Extension"
        name="extension"
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              if (parseExtension(value) === 'invalid') {
                throw new Error('Extension must be a whole number');
              }
            },
          },
        ]}
      >
        <Input inputMode="numeric" maxLength={6} autoComplete="off" />
      </Form.Item>
      <Form.Item
        label="Email"
        name="username"
        extra="Your email is your sign-in name and cannot be changed here."
      >
        <Input readOnly />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        Save
      </Button>
    </Form>
  );
}

/** The user menu's Profile: 'Edit Profile' with reset password and, by flag, permissions. */
export default function ProfileDrawer({ open, onClose }: ProfileDrawerProps) {
  const { claims, can } = usePermissions();
  const [showPermissions] = useFeatureFlag('Show User Permissions');
  const profile = useProfile(open);
  const reset = useRequestPasswordReset();
  return (
    <AppDrawer title="Edit Profile" open={open} onClose={onClose} size="medium">
      {profile.isError ? (
        <Alert
          type="error"
          showIcon
          title="Your profile could not be loaded."
          description={describeError(profile.error).description}
        />
      ) : profile.data ? (
        <ProfileForm key={profile.data.id} profile={profile.data} />
      ) : (
        <Skeleton active paragraph={{ rows: 6 }} />
      )}
      <Typography.Paragraph type="secondary" className="profile-note">
        {USER_TYPES[claims.userType]} user
        {claims.userType === 'i' && claims.rxbAdmin ? ' (administrator)' : ''} ·{' '}
        {claims.scope === 'all'
          ? 'All organizations'
          : `${claims.scope.length} organization${claims.scope.length === 1 ? '' : 's'}`}
      </Typography.Paragraph>
      <Card
        title={<h2 className="profile-card-title">Reset Password</h2>}
        size="small"
        style={{ marginBottom: 16 }}
      >
        <Typography.Paragraph>
          Send a password reset email to the email address associated with your account.
        </Typography.Paragraph>
        {reset.isSuccess && (
          <Alert type="success" showIcon title={reset.data.message} style={{ marginBottom: 12 }} />
        )}
        <Button loading={reset.isPending} onClick={() => reset.mutate()}>
          Send
        </Button>
      </Card>
      {showPermissions ? (
        <Card title={<h2 className="profile-card-title">Applications/Permissions</h2>} size="small">
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
        can({ allOf: [PERMISSIONS.viewFeatureFlags] }) && (
          <Typography.Paragraph type="secondary">
            Turn on &lsquo;Show User Permissions&rsquo; to list your permissions here.{' '}
            <Link to="/admin/featureFlags" onClick={onClose}>
              Manage feature flags
            </Link>
          </Typography.Paragraph>
        )
      )}
    </AppDrawer>
  );
}
