import { Button, Form, Radio, Steps, Typography } from 'antd';
import { useState } from 'react';
import { userWriteProblem, type UserTypeName } from '@pillar/domain';
import { AppDrawer } from '../../shared/drawer/app-drawer.tsx';
import { usePermissions } from '../../shared/permissions/user-access.ts';
import { useCreateUser } from '../../entities/user/index.ts';
import {
  UserFormFields,
  emptyUserForm,
  payloadOf,
  typeOptions,
  userTypeChoices,
  type UserFormValues,
} from './user-form.tsx';
import { markFormProblem, showSubmitError } from './user-form-errors.ts';

export interface CreateUserDrawerProps {
  open: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}

/**
 * /admin/users/create (spec 2 §2): step 1 chooses the user type (fixed to their own type for
 * client and broker creators), step 2 the details, roles, organizations and activation.
 */
export function CreateUserDrawer({ open, onClose, onCreated }: CreateUserDrawerProps) {
  const { claims } = usePermissions();
  const choices = userTypeChoices(claims.userType);
  const canGrantAll = claims.scope === 'all';
  const [form] = Form.useForm<UserFormValues>();
  const [step, setStep] = useState(0);
  const [type, setType] = useState<UserTypeName | undefined>(
    choices.length === 1 ? choices[0] : undefined,
  );
  const [groupErrors, setGroupErrors] = useState<Record<string, string>>({});
  const create = useCreateUser();

  const next = () => {
    if (!type) return;
    form.setFieldsValue({ type });
    setStep(1);
  };

  const chooseType = (value: UserTypeName) => {
    setType(value);
    // Spec 2 §4: another type means other roles and another organization choice.
    form.setFieldsValue({ ...emptyUserForm(value, canGrantAll), type: value });
  };

  const submit = async () => {
    setGroupErrors({});
    const values = form.getFieldsValue(true) as UserFormValues;
    const payload = payloadOf({ ...values, type });
    const problem = userWriteProblem(payload, 'create');
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
    create.mutate(payload, {
      onSuccess: (user) => onCreated(user.id),
      onError: (error) => showSubmitError(form, error, setGroupErrors),
    });
  };

  return (
    <AppDrawer
      title="Create User"
      open={open}
      onClose={onClose}
      size="wide"
      footer={
        <div className="user-form__footer">
          <Button onClick={onClose}>Cancel</Button>
          {step === 1 && <Button onClick={() => setStep(0)}>Back</Button>}
          {step === 0 ? (
            <Button type="primary" disabled={!type} onClick={next}>
              Next
            </Button>
          ) : (
            <Button type="primary" loading={create.isPending} onClick={() => void submit()}>
              Create
            </Button>
          )}
        </div>
      }
    >
      <Steps
        current={step}
        size="small"
        items={[{ title: 'User Type' }, { title: 'User Details' }]}
        style={{ marginBottom: 24 }}
      />
      {step === 0 && (
        <section aria-labelledby="create-user-type">
          <Typography.Title level={2} id="create-user-type" style={{ fontSize: 16 }}>
            What type of user is this?
          </Typography.Title>
          <Radio.Group
            className="user-type-choice"
            optionType="button"
            buttonStyle="solid"
            aria-labelledby="create-user-type"
            value={type}
            onChange={(event) => chooseType(event.target.value as UserTypeName)}
            options={typeOptions(choices)}
          />
          {choices.length === 1 && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
              You can create users of your own type only.
            </Typography.Paragraph>
          )}
        </section>
      )}
      <Form
        form={form}
        name="create-user"
        layout="vertical"
        aria-label="Create User"
        initialValues={emptyUserForm(type, canGrantAll)}
        hidden={step !== 1}
        requiredMark
      >
        <Form.Item name="type" hidden>
          <input type="hidden" />
        </Form.Item>
        {step === 1 && (
          <UserFormFields form={form} mode="create" initialRoles={[]} groupErrors={groupErrors} />
        )}
      </Form>
    </AppDrawer>
  );
}
