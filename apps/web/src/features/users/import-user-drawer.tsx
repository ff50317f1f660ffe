import { Alert, Button, Descriptions, Form, Input, Radio, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { DATANET_USER_TYPES, USER_MESSAGES, type UserTypeName } from '@pillar/domain';
import { AppDrawer } from '../../shared/drawer/app-drawer.tsx';
import { usePermissions } from '../../shared/permissions/user-access.ts';
import {
  useImportDataNetUser,
  usePreviewDataNetUser,
  type DataNetPreview,
} from '../../entities/user/index.ts';
import { typeOptions, userTypeChoices } from './user-form.tsx';

export interface ImportUserDrawerProps {
  onClose: () => void;
  onImported: (id: number) => void;
  /** Keeps the list's search when following a link to a user. */
  listSearch: string;
}

/**
 * /admin/users/import (spec 2 §2): enter the email, preview the DataNet user, choose the type,
 * Import. A 409 says 'Email in use' with a link to the user; anything else 'Email not found'
 * with a link to create one.
 */
export function ImportUserDrawer({ onClose, onImported, listSearch }: ImportUserDrawerProps) {
  const { claims } = usePermissions();
  const choices = userTypeChoices(claims.userType);
  const [form] = Form.useForm<{ email: string }>();
  const [result, setResult] = useState<DataNetPreview | null>(null);
  const [type, setType] = useState<UserTypeName | undefined>(
    choices.length === 1 ? choices[0] : undefined,
  );
  const preview = usePreviewDataNetUser();
  const importUser = useImportDataNetUser();

  const onPreview = ({ email }: { email: string }) => {
    setResult(null);
    preview.mutate(email, { onSuccess: setResult });
  };

  const found = result?.kind === 'found' ? result.user : null;
  return (
    <AppDrawer
      title="Import DataNet User"
      open
      onClose={onClose}
      size="wide"
      footer={
        <div className="user-form__footer">
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="primary"
            disabled={!found || !type}
            loading={importUser.isPending}
            onClick={() =>
              found &&
              type &&
              importUser.mutate(
                { username: found.username, type },
                { onSuccess: (user) => onImported(user.id) },
              )
            }
          >
            Import
          </Button>
        </div>
      }
    >
      <Typography.Paragraph>
        Find a user of the DataNet directory by email, check their details, choose their type and
        import them. Imported users start deactivated, without roles: choose those next.
      </Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        name="import-user"
        aria-label="Find DataNet user"
        onFinish={onPreview}
      >
        <Form.Item
          label="Email"
          name="email"
          rules={[{ required: true, whitespace: true, message: USER_MESSAGES.importEmailRequired }]}
          style={{ minWidth: 320 }}
        >
          <Input autoComplete="off" inputMode="email" />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" loading={preview.isPending}>
            Preview
          </Button>
        </Form.Item>
      </Form>

      <div className="import-result" aria-live="polite">
        {result?.kind === 'inUse' && (
          <Alert
            type="warning"
            showIcon
            title={USER_MESSAGES.emailInUse}
            description={
              result.existing ? (
                <>
                  {result.existing.username} is already a Pillar user.{' '}
                  <Link to={`/admin/users/${result.existing.id}${listSearch}`}>View/Edit user</Link>
                </>
              ) : (
                `${result.username} is already a Pillar user.`
              )
            }
          />
        )}
        {result?.kind === 'notFound' && (
          <Alert
            type="error"
            showIcon
            title={USER_MESSAGES.emailNotFound}
            description={
              <>
                DataNet has no user with the email {result.username}.{' '}
                <Link to={`/admin/users/create${listSearch}`}>Create a new user</Link>
              </>
            }
          />
        )}
        {found && (
          <>
            <Typography.Title level={2} style={{ fontSize: 16 }}>
              DataNet user
            </Typography.Title>
            <Descriptions bordered size="small" column={1}>
              <Descriptions.Item label="First Name">{found.firstName}</Descriptions.Item>
              <Descriptions.Item label="Last Name">{found.lastName}</Descriptions.Item>
              <Descriptions.Item label="Email">{found.username}</Descriptions.Item>
              <Descriptions.Item label="Phone">{found.phone ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="Extension">{found.extension ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="DataNet Type">
                {DATANET_USER_TYPES[found.type]}
              </Descriptions.Item>
            </Descriptions>
            <Typography.Title
              level={2}
              id="import-user-type"
              style={{ fontSize: 16, marginTop: 16 }}
            >
              User Type
            </Typography.Title>
            <Radio.Group
              className="user-type-choice"
              optionType="button"
              buttonStyle="solid"
              aria-labelledby="import-user-type"
              value={type}
              onChange={(event) => setType(event.target.value as UserTypeName)}
              options={typeOptions(choices)}
            />
          </>
        )}
      </div>
    </AppDrawer>
  );
}
