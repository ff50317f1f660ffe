import { useEffect } from 'react';
import { Alert, Button, Form, Input, Space, Tag, Typography } from 'antd';
import {
  TRANSFORMATION_MESSAGES,
  transformationDescriptionSchema,
  transformationExpressionSchema,
  transformationInputSchema,
  transformationNameSchema,
  type Transformation,
  type TransformationDefinition,
} from '@pillar/domain';
import {
  DefinitionSummary,
  useSaveTransformation,
  useTestTransformation,
} from '../../entities/transformation/index.ts';
import { isApiError } from '../../shared/api/api-error.ts';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { notifyErrorMessage } from '../../shared/notifications/notify.ts';

interface FormValues {
  name: string;
  description: string;
  expression: string;
  input: string;
}

export interface TransformationFormProps {
  /** The selected transformation, or null for a new hand-written one. */
  transformation: Transformation | null;
  /** A clone's or new form's starting values. */
  draft?: Partial<FormValues>;
  onSaved: (saved: Transformation) => void;
}

/**
 * The right-hand form (spec 3 §2): ID and Result read-only, Save and Test. A locked transformation
 * (used by a mapping template) is read-only with the spec's tag; a wizard-made one shows its
 * definition in words and its expression read-only (its answers are its source; decision 0121).
 */
export function TransformationForm({ transformation, draft, onSaved }: TransformationFormProps) {
  const [form] = Form.useForm<FormValues>();
  const save = useSaveTransformation();
  const test = useTestTransformation();
  const locked = transformation?.locked ?? false;
  const wizardMade = transformation !== null && transformation.definition.kind !== 'expression';
  const key = transformation?.id ?? 'new';

  useEffect(() => {
    form.setFieldsValue({
      name: transformation?.name ?? draft?.name ?? '',
      description: transformation?.description ?? draft?.description ?? '',
      expression: transformation?.expression ?? draft?.expression ?? '',
      input: '',
    });
    test.reset();
    save.reset();
    // Reset only when another transformation is selected.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, draft]);

  /** What Test and Save send: the stored wizard definition as is, or the typed expression. */
  const definitionOf = (values: FormValues): TransformationDefinition =>
    wizardMade && transformation
      ? transformation.definition
      : { kind: 'expression', expression: values.expression };

  const onTest = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    test.mutate({ definition: definitionOf(values), input: values.input });
  };
  const onSave = async () => {
    const values = await form
      .validateFields(['name', 'description', 'expression'])
      .catch(() => null);
    if (!values) return;
    try {
      const saved = await save.mutateAsync({
        id: transformation?.id ?? null,
        input: {
          name: values.name,
          description: values.description,
          definition: definitionOf(values),
        },
      });
      onSaved(saved);
    } catch (error) {
      if (!isApiError(error)) return;
      notifyErrorMessage(error.title, error.detail ?? '');
      // A 400/409 naming a field is shown on that field.
      const field = Object.keys(error.params ?? {})[0];
      const target = field?.startsWith('definition') ? 'expression' : field;
      if (target && ['name', 'description', 'expression'].includes(target))
        form.setFields([
          { name: target as keyof FormValues, errors: [error.params?.[field!] ?? error.title] },
        ]);
    }
  };

  return (
    <Form form={form} layout="vertical" disabled={locked} aria-label="Transformation">
      {locked && (
        <Tag color="warning" style={{ marginBottom: 12, whiteSpace: 'normal' }}>
          {TRANSFORMATION_MESSAGES.locked}
        </Tag>
      )}
      <Form.Item label="Transformation ID" htmlFor="transformation-id">
        <Input
          id="transformation-id"
          value={transformation ? String(transformation.id) : ''}
          readOnly
          disabled
        />
      </Form.Item>
      <Form.Item
        name="name"
        label="Name"
        rules={[zodRule(transformationNameSchema)]}
        // Spec 3 §5: only letters, digits and underscores can be typed.
        normalize={(v: string) => v.replace(/[^A-Za-z0-9_]/g, '')}
      >
        <Input />
      </Form.Item>
      <Form.Item
        name="description"
        label="Description"
        rules={[zodRule(transformationDescriptionSchema)]}
      >
        <Input.TextArea rows={2} />
      </Form.Item>
      {wizardMade && transformation && (
        <Form.Item label="Definition">
          <DefinitionSummary definition={transformation.definition} />
        </Form.Item>
      )}
      <Form.Item
        name="expression"
        label="Expression"
        rules={wizardMade ? [] : [zodRule(transformationExpressionSchema)]}
        extra={wizardMade ? 'Made with the wizard: the equivalent JSONata, read-only.' : undefined}
      >
        <Input.TextArea rows={4} readOnly={wizardMade} className="transformation-expression" />
      </Form.Item>
      <Form.Item
        name="input"
        label="Input"
        rules={[
          { required: true, message: TRANSFORMATION_MESSAGES.inputRequired },
          zodRule(transformationInputSchema),
        ]}
      >
        <Input disabled={false} />
      </Form.Item>
      <Form.Item label="Result">
        <Input
          readOnly
          disabled
          value={test.isSuccess ? (test.data.value ?? '(blank)') : ''}
          aria-label="Result"
        />
      </Form.Item>
      {test.isError && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={isApiError(test.error) ? (test.error.detail ?? test.error.title) : 'Test failed'}
        />
      )}
      <Space>
        <Button type="primary" onClick={onSave} loading={save.isPending}>
          Save
        </Button>
        {/* Testing changes nothing, so a locked transformation can still be tried. */}
        <Button onClick={onTest} loading={test.isPending} disabled={false}>
          Test
        </Button>
      </Space>
      {transformation && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
          Last changed by {transformation.updated_by_name ?? 'the system'}
        </Typography.Paragraph>
      )}
    </Form>
  );
}
