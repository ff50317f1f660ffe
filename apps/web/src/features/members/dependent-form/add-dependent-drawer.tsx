import { Alert, Button, Form, Skeleton } from 'antd';
import { useMemo } from 'react';
import {
  FIELD_LABELS,
  dependentCreateSchema,
  dependentSsnRequired,
  stripEmpty,
  type DependentCreateInput,
  type DependentDetail,
} from '@pillar/domain';
import { isApiError } from '../../../shared/api/api-error.ts';
import { AppDrawer } from '../../../shared/drawer/app-drawer.tsx';
import { zodRule } from '../../../shared/forms/zod-rule.ts';
import { DateInput, isoDateRule } from '../../../shared/inputs/date-input.tsx';
import { SsnInput } from '../../../shared/inputs/ssn-input.tsx';
import {
  fieldErrorsOf,
  isValid,
  serverFieldErrorsOf,
  useCreateDependent,
} from '../../../entities/member/index.ts';
import { useBlurThenChange } from '../../../shared/forms/use-blur-then-change.ts';
import { useOrganization } from '../../../entities/organization/index.ts';
import {
  DependentFields,
  dependentPayloadOf,
  type DependentFormValues,
} from './dependent-fields.tsx';

export interface AddDependentDrawerProps {
  organizationNo: number;
  employeeNo: number;
  open: boolean;
  onClose: () => void;
  /** Called with the new dependent after the drawer closes and the member's lists refresh. */
  onCreated?: (dependent: DependentDetail) => void;
}

/**
 * Add Dependent (spec 1 §2 Member page "Dependents", drawer width 55%): the create form with the
 * organization's rules (spec 1 §5). Empty values are stripped before the create; on success the
 * drawer closes and the member's dependents list reloads.
 */
export function AddDependentDrawer({
  organizationNo,
  employeeNo,
  open,
  onClose,
  onCreated,
}: AddDependentDrawerProps) {
  const organization = useOrganization(organizationNo, open);
  const settings = organization.data;
  return (
    <AppDrawer title="Add Dependent" size="wide" open={open} onClose={onClose}>
      {organization.isError ? (
        <Alert type="error" showIcon title="The organization's settings could not be loaded." />
      ) : !settings ? (
        <Skeleton active />
      ) : (
        <AddDependentForm
          organizationNo={organizationNo}
          employeeNo={employeeNo}
          settings={settings}
          onClose={onClose}
          onCreated={onCreated}
        />
      )}
    </AppDrawer>
  );
}

function AddDependentForm({
  organizationNo,
  employeeNo,
  settings,
  onClose,
  onCreated,
}: {
  organizationNo: number;
  employeeNo: number;
  settings: NonNullable<ReturnType<typeof useOrganization>['data']>;
  onClose: () => void;
  onCreated: ((dependent: DependentDetail) => void) | undefined;
}) {
  const [form] = Form.useForm<DependentFormValues>();
  const blur = useBlurThenChange();
  const create = useCreateDependent(organizationNo, employeeNo);
  const schema = useMemo(() => dependentCreateSchema(settings), [settings]);
  const ssnRequired = dependentSsnRequired(settings);

  const submit = async () => {
    if (!(await isValid(form))) return;
    const values = form.getFieldsValue(true) as DependentFormValues;
    const body = {
      ...dependentPayloadOf(values, settings, false),
      effectiveDate: values.effectiveDate ?? null,
      ssn: values.ssn?.replace(/-/g, '') ?? null,
    };
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      form.setFields(fieldErrorsOf(parsed.error.issues));
      return;
    }
    // Spec 1 §4: empty values are stripped before create.
    const payload = stripEmpty(body) as Partial<DependentCreateInput>;
    create.mutate(payload, {
      onSuccess: (detail) => {
        onClose();
        onCreated?.(detail);
      },
      onError: (error) => {
        if (isApiError(error) && error.params) {
          form.setFields(serverFieldErrorsOf(error.params));
        }
      },
    });
  };

  return (
    <Form
      form={form}
      name="add-dependent"
      layout="vertical"
      aria-label="Add Dependent"
      onFieldsChange={blur.onFieldsChange}
      requiredMark
    >
      <DependentFields
        mode="create"
        settings={settings}
        shape={schema.shape}
        trigger={blur.trigger}
        ssnField={
          <Form.Item
            name="ssn"
            label={FIELD_LABELS.ssn}
            required={ssnRequired}
            validateTrigger={blur.trigger('ssn')}
            rules={[zodRule(schema.shape.ssn)]}
            extra={
              settings.defaultDependentSSN ? "Left empty, the member's SSN is used." : undefined
            }
          >
            <SsnInput dashes={false} />
          </Form.Item>
        }
      >
        <Form.Item
          name="effectiveDate"
          label={FIELD_LABELS.effectiveDate}
          required
          validateTrigger={blur.trigger('effectiveDate')}
          rules={[zodRule(schema.shape.effectiveDate), isoDateRule(FIELD_LABELS.effectiveDate)]}
        >
          <DateInput />
        </Form.Item>
      </DependentFields>
      <div className="member-form__footer">
        <Button onClick={onClose}>Cancel</Button>
        <Button type="primary" loading={create.isPending} onClick={() => void submit()}>
          Create
        </Button>
      </div>
    </Form>
  );
}
