import { Alert, Checkbox, Form, Input, Modal, Select } from 'antd';
import {
  CLAIMS_FILE_MESSAGES,
  FA_NOTES_MAX_LENGTH,
  OUTPUT_TEMPLATES,
  faIterationInput,
  type GridColumnAnswer,
  type OutputTemplate,
} from '@pillar/domain';
import { zodRule } from '../../../shared/forms/zod-rule.ts';
import { outputColumnsProblem } from './pricing-selections.ts';

export interface SaveGridValues {
  notes: string;
  outputTemplate: OutputTemplate;
  outputColumns: string[];
}

export interface SaveGridModalProps {
  open: boolean;
  columns: readonly GridColumnAnswer[];
  /** Selections changed since the last Recalculate: saving is refused until recalculated. */
  dirty: boolean;
  saving: boolean;
  onSave: (values: SaveGridValues) => void;
  onClose: () => void;
}

/**
 * Save (spec 3 §2, §5): FA notes required, the output template (Standard by default), at most 3
 * output columns ('Please select up to 3.'), and 'Please Recalculate Before Saving' while the
 * selections are not recalculated.
 */
export function SaveGridModal({
  open,
  columns,
  dirty,
  saving,
  onSave,
  onClose,
}: SaveGridModalProps) {
  const [form] = Form.useForm<SaveGridValues>();
  const offers = columns.filter((c) => c.key !== 'incumbent');
  return (
    <Modal
      title="Save Pricing Grid"
      open={open}
      onCancel={onClose}
      okText="Save"
      okButtonProps={{ disabled: dirty, loading: saving }}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      {dirty && (
        <Alert
          type="error"
          showIcon
          title={CLAIMS_FILE_MESSAGES.recalculate}
          className="save-grid__dirty"
        />
      )}
      <Form
        form={form}
        layout="vertical"
        onFinish={onSave}
        initialValues={{ notes: '', outputTemplate: 'Standard', outputColumns: [] }}
      >
        <Form.Item
          label="FA Notes"
          name="notes"
          rules={[zodRule(faIterationInput.shape.notes)]}
          validateTrigger={['onBlur', 'onChange']}
        >
          <Input.TextArea rows={3} maxLength={FA_NOTES_MAX_LENGTH} />
        </Form.Item>
        <Form.Item label="Output Template" name="outputTemplate">
          <Select options={OUTPUT_TEMPLATES.map((t) => ({ value: t, label: t }))} />
        </Form.Item>
        <Form.Item
          label="Output Columns"
          name="outputColumns"
          rules={[
            {
              validator: async (_, value: string[] | undefined) => {
                const problem = outputColumnsProblem(value ?? []);
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Checkbox.Group options={offers.map((c) => ({ value: c.key, label: c.name }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
