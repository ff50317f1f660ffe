import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Select, Space } from 'antd';
import { useEffect, useState } from 'react';
import {
  IMPORT_CONFIG_STATUSES,
  importConfigurationInput,
  type ImportConfiguration,
} from '@pillar/domain';
import { isApiError } from '../../shared/api/api-error.ts';
import { AppDrawer } from '../../shared/drawer/app-drawer.tsx';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { useDebouncedValue } from '../../shared/inputs/use-debounced-value.ts';
import { schemaOptionsQuery, useSaveConfiguration } from './import-configurations-api.ts';

interface FormValues {
  eicName: string;
  eicStatus: 0 | 1 | 9;
  eligibilityImportSchemaNo: number | undefined;
}

const nameRule = zodRule(importConfigurationInput.shape.eicName);
const schemaRule = { required: true, message: 'Schema is required' };

/** The schema select: searches schemas by name; an edited row shows its schema's name at once. */
function SchemaSelect({
  id,
  value,
  onChange,
  current,
}: {
  id?: string;
  value?: number;
  onChange?: (value: number) => void;
  current: { no: number; name: string } | null;
}) {
  const [typed, setTyped] = useState('');
  const term = useDebouncedValue(typed.trim(), 300);
  const schemas = useQuery(schemaOptionsQuery(term));
  const options = (schemas.data?.data ?? []).map((s) => ({
    value: s.eligibilityImportSchemaNo,
    label: s.name,
  }));
  if (current && !options.some((o) => o.value === current.no)) {
    options.unshift({ value: current.no, label: current.name });
  }
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value}
      onChange={onChange}
      options={options}
      loading={schemas.isFetching}
      placeholder="Search schemas by name"
      notFoundContent={schemas.isFetching ? 'Searching…' : 'No schema matches'}
    />
  );
}

/**
 * Add or edit one import configuration of an organization (name, status, schema); the server's
 * field messages (a taken name) land at their field.
 */
export function ImportConfigurationDrawer({
  orgId,
  configuration,
  onClose,
}: {
  orgId: number;
  configuration: ImportConfiguration | 'new' | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const save = useSaveConfiguration();
  const existing = configuration !== null && configuration !== 'new' ? configuration : null;

  useEffect(() => {
    if (configuration === null) return;
    save.reset();
    form.setFieldsValue(
      existing
        ? {
            eicName: existing.eicName,
            eicStatus: existing.eicStatus as 0 | 1 | 9,
            eligibilityImportSchemaNo: existing.eligibilityImportSchemaNo,
          }
        : { eicName: '', eicStatus: 1, eligibilityImportSchemaNo: undefined },
    );
    // Only when another configuration is opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [configuration]);

  const submit = async (values: FormValues) => {
    try {
      await save.mutateAsync({
        eicNo: existing?.eicNo ?? null,
        values: {
          eicName: values.eicName,
          eicStatus: values.eicStatus,
          organizationNo: orgId,
          eligibilityImportSchemaNo: values.eligibilityImportSchemaNo ?? 0,
        },
      });
      onClose();
    } catch (error) {
      // A 400 or 409 naming a field is shown at that field as well as in the notice.
      if (isApiError(error) && error.params) {
        form.setFields(
          Object.entries(error.params)
            .filter(([name]) => name === 'eicName' || name === 'eligibilityImportSchemaNo')
            .map(([name, message]) => ({ name: name as keyof FormValues, errors: [message] })),
        );
      }
    }
  };

  return (
    <AppDrawer
      size="medium"
      title={existing ? 'Edit Import Configuration' : 'Add Import Configuration'}
      open={configuration !== null}
      onClose={onClose}
      footer={
        <Space>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            Save
          </Button>
        </Space>
      }
    >
      <Form<FormValues> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item label="Config Name" name="eicName" rules={[nameRule]} required>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item label="Status" name="eicStatus" required>
          <Select
            options={IMPORT_CONFIG_STATUSES.map((s) => ({ value: s.code, label: s.label }))}
          />
        </Form.Item>
        <Form.Item label="Schema" name="eligibilityImportSchemaNo" rules={[schemaRule]} required>
          <SchemaSelect
            current={
              existing
                ? { no: existing.eligibilityImportSchemaNo, name: existing.schemaName }
                : null
            }
          />
        </Form.Item>
      </Form>
    </AppDrawer>
  );
}
