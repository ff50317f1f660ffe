import { Form, Input, Modal } from 'antd';
import { emailSchema } from '@pillar/domain';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { useUnlockMemberPortalAccount } from '../../entities/user/index.ts';

export interface UnlockMemberDialogProps {
  open: boolean;
  onClose: () => void;
}

interface UnlockForm {
  email: string;
}

const EMAIL = emailSchema('Email');

/**
 * Unlock Member Account (spec 2 §2 modals, §4 "Unlock, cards"): one email field; Unlock is
 * enabled only once the address is valid. The notices are the spec's (see the mutation).
 */
export function UnlockMemberDialog({ open, onClose }: UnlockMemberDialogProps) {
  const [form] = Form.useForm<UnlockForm>();
  const email = Form.useWatch('email', form) ?? '';
  const valid = email.trim() !== '' && EMAIL.safeParse(email.trim()).success;
  const unlock = useUnlockMemberPortalAccount();

  const close = () => {
    form.resetFields();
    unlock.reset();
    onClose();
  };

  const submit = async ({ email: address }: UnlockForm) => {
    await unlock.mutateAsync(address.trim()).then(close, () => undefined);
  };

  return (
    <Modal
      open={open}
      title="Unlock Member Account"
      okText="Unlock"
      onOk={() => form.submit()}
      okButtonProps={{ disabled: !valid, loading: unlock.isPending }}
      onCancel={close}
      destroyOnHidden
    >
      <p>
        Lift the sign-in block on a member&apos;s Member Portal account, for example after too many
        failed sign-ins.
      </p>
      <Form form={form} layout="vertical" onFinish={submit} name="unlock-member" requiredMark>
        <Form.Item
          label="Member Portal Email"
          name="email"
          rules={[{ required: true, message: 'Email is required' }, zodRule(EMAIL)]}
          validateTrigger={['onBlur', 'onChange']}
        >
          <Input type="email" autoComplete="off" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
