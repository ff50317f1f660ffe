import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Progress, Radio, Space, Typography } from 'antd';
import {
  TRANSFORMATION_MESSAGES,
  VALUE_MAP_MAX_ROWS,
  VALUE_MAP_MIN_ROWS,
  WIZARD_KINDS,
  WIZARD_KIND_LABELS,
  defaultDefinition,
  paddingDefinition,
  substringDefinition,
  transformationDescriptionSchema,
  transformationInputSchema,
  transformationNameSchema,
  valueMapRow,
  type Transformation,
  type WizardKind,
} from '@pillar/domain';
import { useGenerateTransformation, useTestTransformation } from '../api/transformations.ts';
import { isApiError } from '../../../shared/api/api-error.ts';
import { zodRule } from '../../../shared/forms/zod-rule.ts';
import { notifyErrorMessage, notifySuccess } from '../../../shared/notifications/notify.ts';
import {
  definitionOf,
  generatorRequestOf,
  wizardSteps,
  type WizardStep,
  type WizardValues,
} from './transformation-wizard-values.ts';

export interface TransformationWizardProps {
  open: boolean;
  onClose: () => void;
  /** Called with the new transformation (the transform drawer selects it). */
  onCreated?: (created: Transformation) => void;
}

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

const INITIAL: Partial<WizardValues> = {
  type: 'padding',
  nullCheck: 'yes',
  nullCheckWithOutput: 'yes',
  direction: 'left',
  caseSensitive: 'yes',
  mode: 'always',
  valueCount: '1',
  values: [{ from: '', to: '' }],
  input: '',
};

/** Spec 3 §9: 1 to 99 rows; the count is typed, so anything else says the range. */
function valueCountRule() {
  return {
    validator: async (_: unknown, raw: unknown) => {
      const text = typeof raw === 'string' ? raw.trim() : '';
      const n = /^[0-9]{1,3}$/.test(text) ? Number(text) : NaN;
      if (!(n >= VALUE_MAP_MIN_ROWS && n <= VALUE_MAP_MAX_ROWS))
        throw new Error(TRANSFORMATION_MESSAGES.valueMapRange);
    },
  };
}

/** The fields a step shows and Next validates. */
function StepFields({ step, kind }: { step: WizardStep; kind: WizardKind }) {
  const form = Form.useFormInstance<WizardValues>();
  switch (step) {
    case 'type':
      return (
        <Form.Item name="type" label="Transformation type">
          <Radio.Group
            options={WIZARD_KINDS.map((k) => ({ value: k, label: WIZARD_KIND_LABELS[k] }))}
          />
        </Form.Item>
      );
    case 'name':
      return (
        <Form.Item
          name="name"
          label="Name"
          rules={[zodRule(transformationNameSchema)]}
          // Spec 3 §5: only letters, digits and underscores can be typed.
          normalize={(v: string) => v.replace(/[^A-Za-z0-9_]/g, '')}
        >
          <Input autoFocus />
        </Form.Item>
      );
    case 'description':
      return (
        <Form.Item
          name="description"
          label="Description"
          rules={[zodRule(transformationDescriptionSchema)]}
        >
          <Input.TextArea rows={3} />
        </Form.Item>
      );
    case 'nullCheck':
      return (
        <Form.Item name="nullCheck" label="Leave a blank value untransformed (null check)?">
          <Radio.Group options={YES_NO} />
        </Form.Item>
      );
    case 'nullCheckWithOutput':
      return (
        <Form.Item
          name="nullCheckWithOutput"
          label="With the null check, write an empty value rather than nothing?"
        >
          <Radio.Group options={YES_NO} />
        </Form.Item>
      );
    case 'direction':
      return (
        <Form.Item name="direction" label="Pad on which side?">
          <Radio.Group
            options={[
              { value: 'left', label: 'Left' },
              { value: 'right', label: 'Right' },
            ]}
          />
        </Form.Item>
      );
    case 'padWith':
      return (
        <Form.Item
          name="padWith"
          label="Pad with"
          rules={[zodRule(paddingDefinition.shape.padWith)]}
        >
          <Input />
        </Form.Item>
      );
    case 'digits':
      return (
        <Form.Item
          name="digits"
          label="Padding digits"
          rules={[zodRule(paddingDefinition.shape.digits)]}
        >
          <Input />
        </Form.Item>
      );
    case 'start':
      return (
        <Form.Item
          name="start"
          label="Starting position"
          rules={[zodRule(substringDefinition.shape.start)]}
        >
          <Input />
        </Form.Item>
      );
    case 'end':
      return (
        <Form.Item
          name="end"
          label="Ending position"
          dependencies={['start']}
          rules={[
            zodRule(substringDefinition.shape.end),
            {
              validator: async (_, end: string) => {
                const start = Number(form.getFieldValue('start'));
                if (Number(end) < start) throw new Error(TRANSFORMATION_MESSAGES.endBeforeStart);
              },
            },
          ]}
        >
          <Input />
        </Form.Item>
      );
    case 'caseSensitive':
      return (
        <Form.Item name="caseSensitive" label="Does capitalization matter?">
          <Radio.Group options={YES_NO} />
        </Form.Item>
      );
    case 'values':
      return <ValueMapFields />;
    case 'mode':
      return (
        <Form.Item name="mode" label="Apply the default">
          <Radio.Group
            options={[
              { value: 'always', label: 'Always' },
              { value: 'blank', label: 'Only when blank' },
            ]}
          />
        </Form.Item>
      );
    case 'value':
      return (
        <Form.Item
          name="value"
          label="Default value"
          rules={[zodRule(defaultDefinition.shape.value)]}
        >
          <Input />
        </Form.Item>
      );
    case 'test':
      return <TestStep kind={kind} />;
    default:
      return null;
  }
}

/** The conversion's value map: a typed row count (1 to 99), then From and To for each row. */
function ValueMapFields() {
  const form = Form.useFormInstance<WizardValues>();
  const resize = (raw: string) => {
    const n = Number(raw);
    if (!/^[0-9]{1,2}$/.test(raw.trim()) || n < VALUE_MAP_MIN_ROWS || n > VALUE_MAP_MAX_ROWS)
      return;
    const rows = (form.getFieldValue('values') as WizardValues['values'] | undefined) ?? [];
    form.setFieldValue(
      'values',
      Array.from({ length: n }, (_, i) => rows[i] ?? { from: '', to: '' }),
    );
  };
  const rowRule = (field: 'from' | 'to') => ({
    validator: async (_: unknown, value: unknown) => {
      const r = valueMapRow.shape[field].safeParse(value ?? '');
      if (!r.success) throw new Error(TRANSFORMATION_MESSAGES.valueMapRow);
    },
  });
  return (
    <>
      <Form.Item
        name="valueCount"
        label="How many values?"
        rules={[valueCountRule()]}
        extra={`${VALUE_MAP_MIN_ROWS} to ${VALUE_MAP_MAX_ROWS}`}
      >
        <Input inputMode="numeric" onChange={(e) => resize(e.target.value)} />
      </Form.Item>
      <Form.List name="values">
        {(fields) =>
          fields.map((field, i) => (
            <Space key={field.key} align="start" wrap>
              <Form.Item
                name={[field.name, 'from']}
                label={`From ${i + 1}`}
                rules={[rowRule('from')]}
              >
                <Input />
              </Form.Item>
              <Form.Item name={[field.name, 'to']} label={`To ${i + 1}`} rules={[rowRule('to')]}>
                <Input />
              </Form.Item>
            </Space>
          ))
        }
      </Form.List>
    </>
  );
}

/** The last step: a test input run through the definition (POST /transformations/test). */
function TestStep({ kind }: { kind: WizardKind }) {
  const form = Form.useFormInstance<WizardValues>();
  const test = useTestTransformation();
  const run = () => {
    const values = form.getFieldsValue(true) as WizardValues;
    test.mutate({ definition: definitionOf({ ...values, type: kind }), input: values.input ?? '' });
  };
  return (
    <>
      <Form.Item name="input" label="Test input" rules={[zodRule(transformationInputSchema)]}>
        <Input />
      </Form.Item>
      <Button onClick={run} loading={test.isPending}>
        Test
      </Button>
      {test.isSuccess && (
        <Typography.Paragraph style={{ marginTop: 12 }}>
          Output: <Typography.Text code>{test.data.value ?? '(blank)'}</Typography.Text>
        </Typography.Paragraph>
      )}
      {test.isError && (
        <Alert
          style={{ marginTop: 12 }}
          type="error"
          showIcon
          message={isApiError(test.error) ? (test.error.detail ?? test.error.title) : 'Test failed'}
        />
      )}
    </>
  );
}

/**
 * The transformation wizard (spec 3 §4): one question a step, up to 9 steps with a progress bar,
 * Back and Next, Create on the last. Shared by the Transformations page and the mapping's
 * transform drawer ("Add New Transformation").
 */
export function TransformationWizard({ open, onClose, onCreated }: TransformationWizardProps) {
  const [form] = Form.useForm<WizardValues>();
  const kind =
    (Form.useWatch('type', { form, preserve: true }) as WizardKind | undefined) ?? 'padding';
  const [index, setIndex] = useState(0);
  const generate = useGenerateTransformation();
  const steps = wizardSteps(kind);
  const step = steps[Math.min(index, steps.length - 1)]!;
  const last = index >= steps.length - 1;

  const close = () => {
    form.resetFields();
    generate.reset();
    setIndex(0);
    onClose();
  };
  const next = async () => {
    await form.validateFields({ recursive: true, validateOnly: false }).catch(() => undefined);
    const errors = form
      .getFieldsError()
      .filter((f) => f.errors.length > 0 && isOnStep(f.name, step));
    if (errors.length === 0) setIndex((i) => i + 1);
  };
  const create = async () => {
    const values = form.getFieldsValue(true) as WizardValues;
    try {
      const created = await generate.mutateAsync(generatorRequestOf({ ...values, type: kind }));
      // The output is in the modal; the notice is the house's 'Success!' one.
      notifySuccess(TRANSFORMATION_MESSAGES.created);
      onCreated?.(created.transformation);
    } catch (error) {
      // Spec 3 §8: the server's title and detail in a notice; the modal says 'Failed Please Try Again!'.
      if (isApiError(error)) notifyErrorMessage(error.title, error.detail ?? '');
    }
  };

  return (
    <Modal
      open={open}
      title="Create Transformation"
      onCancel={close}
      width={640}
      destroyOnHidden
      footer={
        generate.isSuccess ? (
          <Button type="primary" onClick={close}>
            Close
          </Button>
        ) : (
          <Space>
            <Button onClick={() => setIndex((i) => i - 1)} disabled={index === 0}>
              Back
            </Button>
            {last ? (
              <Button type="primary" onClick={create} loading={generate.isPending}>
                Create
              </Button>
            ) : (
              <Button type="primary" onClick={next}>
                Next
              </Button>
            )}
          </Space>
        )
      }
    >
      <Progress
        percent={Math.round(((index + 1) / steps.length) * 100)}
        format={() => `Step ${index + 1} of ${steps.length}`}
        aria-label="Wizard progress"
      />
      {generate.isSuccess ? (
        <Alert
          type="success"
          showIcon
          message={TRANSFORMATION_MESSAGES.created}
          description={`Output for the test input: ${generate.data.value ?? '(blank)'}`}
        />
      ) : (
        <Form form={form} layout="vertical" initialValues={INITIAL} preserve>
          <StepFields step={step} kind={kind} />
          {generate.isError && (
            <Alert
              type="error"
              showIcon
              message={TRANSFORMATION_MESSAGES.failed}
              description={
                isApiError(generate.error)
                  ? (generate.error.detail ?? generate.error.title)
                  : undefined
              }
            />
          )}
        </Form>
      )}
    </Modal>
  );
}

/** Whether a form field belongs to the step on screen (the value map's rows to 'values'). */
function isOnStep(name: (string | number)[], step: WizardStep): boolean {
  const head = String(name[0]);
  if (step === 'values') return head === 'values' || head === 'valueCount';
  if (step === 'test') return head === 'input';
  return head === step;
}
