import { Alert, Button, Collapse, Form, Radio, Result, Skeleton, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import {
  PERMISSIONS,
  formatDate,
  userWriteProblem,
  type UserDetail,
  type UserTypeName,
} from '@pillar/domain';
import { hasStatus } from '../../shared/api/api-error.ts';
import { AppDrawer } from '../../shared/drawer/app-drawer.tsx';
import { describeError } from '../../shared/notifications/notify.ts';
import { usePermissions } from '../../shared/permissions/user-access.ts';
import {
  useSendInvitation,
  useUpdateUser,
  useUser,
  useUserHistory,
} from '../../entities/user/index.ts';
import {
  UserFormFields,
  formValuesOf,
  payloadOf,
  typeOptions,
  userTypeChoices,
  valuesAfterTypeChange,
  type UserFormValues,
} from './user-form.tsx';
import { markFormProblem, showSubmitError } from './user-form-errors.ts';

function HistoryList({ userId }: { userId: number }) {
  const [open, setOpen] = useState(false);
  const history = useUserHistory(userId, open);
  return (
    <Collapse
      onChange={(keys) => setOpen(keys.length > 0)}
      items={[
        {
          key: 'history',
          label: 'Change history',
          children: history.isError ? (
            <Alert type="error" title={describeError(history.error).description} />
          ) : (
            <Table
              size="small"
              rowKey="id"
              loading={history.isLoading}
              pagination={false}
              dataSource={history.data?.data ?? []}
              columns={[
                {
                  title: 'When',
                  dataIndex: 'changedAt',
                  render: (at: string) => formatDate(at.slice(0, 10)),
                },
                { title: 'Who', dataIndex: 'changedBy' },
                { title: 'Field', dataIndex: 'field' },
                { title: 'Old', dataIndex: 'oldValue' },
                { title: 'New', dataIndex: 'newValue' },
              ]}
            />
          ),
        },
      ]}
    />
  );
}

function EditForm({ user, onClose }: { user: UserDetail; onClose: () => void }) {
  const { claims, can } = usePermissions();
  const canEdit = can({ allOf: [PERMISSIONS.editUsers] });
  const [form] = Form.useForm<UserFormValues>();
  const [groupErrors, setGroupErrors] = useState<Record<string, string>>({});
  const update = useUpdateUser(user.id);
  const invite = useSendInvitation(user.hasPassword ? 'Send Password Reset' : 'Send Invitation');
  const choices = userTypeChoices(claims.userType);
  const canGrantAll = claims.scope === 'all';

  useEffect(() => {
    form.setFieldsValue(formValuesOf(user));
  }, [form, user]);

  const submit = async () => {
    setGroupErrors({});
    const payload = payloadOf(form.getFieldsValue(true) as UserFormValues);
    const problem = userWriteProblem(payload, 'edit');
    try {
      await form.validateFields();
    } catch {
      if (problem) markFormProblem(form, problem, setGroupErrors);
      return;
    }
    if (problem) {
      markFormProblem(form, problem, setGroupErrors);
      return;
    }
    const { username: _readOnly, ...body } = payload;
    update.mutate(body, {
      onSuccess: onClose,
      onError: (error) => showSubmitError(form, error, setGroupErrors),
    });
  };

  return (
    <>
      <Form
        form={form}
        name="edit-user"
        layout="vertical"
        aria-label="Edit User"
        initialValues={formValuesOf(user)}
        onValuesChange={(changed: Partial<UserFormValues>) => {
          if (changed.type) form.setFieldsValue(valuesAfterTypeChange(changed.type, canGrantAll));
        }}
      >
        <Form.Item
          label="User Type"
          name="type"
          extra={choices.length === 1 ? 'Only internal users can change the user type.' : undefined}
        >
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            className="user-type-choice"
            disabled={!canEdit || choices.length === 1}
            options={typeOptions(
              choices.includes(user.type) ? choices : ([user.type] as UserTypeName[]),
            )}
          />
        </Form.Item>
        <UserFormFields
          form={form}
          mode="edit"
          initialRoles={user.roles.map((r) => r.id)}
          groupErrors={groupErrors}
          readOnly={!canEdit}
        />
      </Form>
      {canEdit && user.active && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={user.hasPassword ? 'Password' : 'Sign-in account'}
          description={
            user.hasPassword
              ? 'Send this user an e-mail with a link to choose a new password.'
              : 'This user has not chosen a password yet. Send them the invitation again.'
          }
          action={
            <Button loading={invite.isPending} onClick={() => invite.mutate(user.id)}>
              {user.hasPassword ? 'Send Password Reset' : 'Send Invitation'}
            </Button>
          }
        />
      )}
      <HistoryList userId={user.id} />
      <div className="user-form__footer" style={{ marginTop: 24 }}>
        <Button onClick={onClose}>Cancel</Button>
        {canEdit && (
          <Button type="primary" loading={update.isPending} onClick={() => void submit()}>
            Save
          </Button>
        )}
      </div>
    </>
  );
}

export interface EditUserDrawerProps {
  userId: number | null;
  onClose: () => void;
}

/** /admin/users/{id}: the user form with the email read-only and the activation toggle. */
export function EditUserDrawer({ userId, onClose }: EditUserDrawerProps) {
  const user = useUser(userId ?? 0, userId !== null);
  return (
    <AppDrawer title="Edit User" open onClose={onClose} size="wide">
      {userId === null || (user.isError && hasStatus(user.error, 404)) ? (
        <Result
          status="404"
          title={<Typography.Title level={2}>User not found</Typography.Title>}
          subTitle="This resource does not exist."
        />
      ) : user.isError ? (
        <Alert
          type="error"
          showIcon
          title="This user could not be loaded."
          description={describeError(user.error).description}
        />
      ) : !user.data ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <>
          <Typography.Title level={2} style={{ fontSize: 18, marginTop: 0 }}>
            {user.data.fullName}
          </Typography.Title>
          <EditForm key={user.data.id} user={user.data} onClose={onClose} />
        </>
      )}
    </AppDrawer>
  );
}
