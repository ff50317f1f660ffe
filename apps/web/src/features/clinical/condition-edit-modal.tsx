import { Form, Input, Modal } from 'antd';
import {
  CLINICAL_MESSAGES,
  clinicalNameSchema,
  isNameTaken,
  type HealthCondition,
} from '@pillar/domain';
import { useEffect } from 'react';
import {
  ALL_CONDITIONS,
  useHealthConditions,
  useSaveHealthCondition,
} from '../../entities/health-condition/index.ts';
import { isApiError } from '../../shared/api/api-error.ts';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { notifyError, notifySuccess } from '../../shared/notifications/notify.ts';
import { useConfirmAction } from '../../shared/page/confirm-action.tsx';

export interface ConditionEditModalProps {
  open: boolean;
  /** The condition to rename; none adds a condition. */
  condition?: HealthCondition | undefined;
  onClose: () => void;
  /** After a save, with the condition as the server answered it. */
  onSaved?: (condition: HealthCondition) => void;
}

interface Values {
  name: string;
}

const nameRule = zodRule(clinicalNameSchema());

/**
 * Add or rename a condition in a modal (spec 2 §4 "Unlock, cards, conditions", §5, §8
 * "Clinical"): the name is required ('Missing required field'); adding is blocked while the name
 * matches an existing condition without regard to case or surrounding spaces (the domain's name
 * key, against every condition); renaming asks for confirmation first. A refusal from the server
 * (409 duplicate, 400) is shown at the field.
 */
export function ConditionEditModal({ open, condition, onClose, onSaved }: ConditionEditModalProps) {
  const [form] = Form.useForm<Values>();
  const [confirm, confirmHolder] = useConfirmAction();
  const save = useSaveHealthCondition();
  const adding = condition === undefined;
  const all = useHealthConditions(ALL_CONDITIONS, open && adding);
  const name = Form.useWatch('name', form) ?? '';
  const taken = adding && isNameTaken(name, all.data?.data ?? []);

  useEffect(() => {
    if (open) form.setFieldsValue({ name: condition?.name ?? '' });
    else form.resetFields();
  }, [open, condition, form]);

  const duplicateRule = {
    validator: async (_: unknown, value: string | undefined) => {
      if (adding && isNameTaken(value ?? '', all.data?.data ?? [])) {
        throw new Error(CLINICAL_MESSAGES.conditionNameTaken);
      }
    },
  };

  async function submit(values: Values) {
    const tidy = clinicalNameSchema().parse(values.name);
    if (!adding) {
      const ok = await confirm({
        title: 'Save changes to this condition?',
        content: `The condition '${condition.name}' will be renamed '${tidy}'.`,
        action: 'Save Changes',
      });
      if (!ok) return;
    }
    try {
      const saved = await save.mutateAsync({ id: condition?.id, name: tidy });
      notifySuccess(adding ? 'Condition Added' : 'Condition Updated');
      onSaved?.(saved);
      onClose();
    } catch (error) {
      if (isApiError(error) && (error.status === 400 || error.status === 409)) {
        form.setFields([{ name: 'name', errors: [error.detail ?? error.title] }]);
      } else {
        notifyError(error, adding ? 'Add Condition' : 'Update Condition');
      }
    }
  }

  return (
    <Modal
      open={open}
      title={adding ? 'Add Condition' : 'Edit Condition'}
      okText={adding ? 'Add Condition' : 'Save'}
      onOk={() => form.submit()}
      okButtonProps={{ disabled: taken, loading: save.isPending }}
      onCancel={onClose}
      forceRender
    >
      {confirmHolder}
      <Form<Values> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="name"
          label="Condition Name"
          required
          rules={[nameRule, duplicateRule]}
          validateTrigger={['onChange', 'onBlur']}
        >
          <Input autoComplete="off" maxLength={400} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
