import { Button, Form, Modal, Select } from 'antd';
import { useMemo, useState } from 'react';
import {
  FIELD_LABELS,
  employeeCreateSchema,
  groupSelectable,
  stripEmpty,
  type EmployeeCreateInput,
  type OrganizationDetail,
} from '@pillar/domain';
import { isApiError } from '../../../shared/api/api-error.ts';
import { AppDrawer } from '../../../shared/drawer/app-drawer.tsx';
import { zodRule } from '../../../shared/forms/zod-rule.ts';
import { DateInput, isoDateRule } from '../../../shared/inputs/date-input.tsx';
import { SsnInput } from '../../../shared/inputs/ssn-input.tsx';
import { useCreateEmployee } from '../api/create-employee.ts';
import {
  useBenefitPackages,
  useDivisions,
  useGroupIncentivePrograms,
  useMemberGroupOptions,
} from '../../organization/index.ts';
import {
  MemberFields,
  cobPayloadOf,
  personPayloadOf,
  programsPayloadOf,
  supportedProgramsOf,
  type MemberFieldSchemas,
  type MemberFormValues,
} from './member-fields.tsx';
import { confirmDiscard, fieldErrorsOf, isValid, serverFieldErrorsOf } from './form-checks.ts';
import { useBlurThenChange } from '../../../shared/forms/use-blur-then-change.ts';

interface CreateValues extends MemberFormValues {
  effectiveDate?: string | null;
  benefitGroupId?: number;
  divisionNo?: number;
  benefitPackageId?: number;
}

export interface CreateMemberDrawerProps {
  organization: OrganizationDetail;
  open: boolean;
  onClose: () => void;
  /** Called with the new member's number (the caller opens the member page). */
  onCreated: (employeeNo: number) => void;
}

/**
 * Create New Member (spec 1 §2, §5): a 55% drawer opened from the organization's Members tab.
 * Every rule comes from the domain's create schema for this organization's settings.
 */
export function CreateMemberDrawer({
  organization,
  open,
  onClose,
  onCreated,
}: CreateMemberDrawerProps) {
  const orgId = organization.organizationNo;
  const [form] = Form.useForm<CreateValues>();
  const [modal, holder] = Modal.useModal();
  const [dirty, setDirty] = useState(false);
  const blur = useBlurThenChange();
  const schema = useMemo(() => employeeCreateSchema(organization), [organization]);
  const schemas = schema as unknown as MemberFieldSchemas;
  const groupNo = Form.useWatch('benefitGroupId', form);
  const groups = useMemberGroupOptions(orgId, 'active', open);
  const divisions = useDivisions(orgId, groupNo, open && organization.supportsDivisions);
  const packages = useBenefitPackages(orgId, open && organization.supportsDivisions);
  const incentive = useGroupIncentivePrograms(orgId, groupNo);
  const programs = supportedProgramsOf(incentive.programs);
  const create = useCreateEmployee(orgId);

  const close = async () => {
    if (dirty) {
      const leave = await confirmDiscard(modal);
      if (!leave) return;
    }
    setDirty(false);
    onClose();
  };

  const submit = async () => {
    if (!(await isValid(form))) return;
    const values = form.getFieldsValue(true) as CreateValues;
    const body = stripEmpty({
      ...personPayloadOf(values, organization),
      ssn: values.ssn ?? '',
      effectiveDate: values.effectiveDate ?? '',
      benefitGroupId: values.benefitGroupId,
      ...(organization.supportsDivisions
        ? { divisionNo: values.divisionNo, benefitPackageId: values.benefitPackageId }
        : {}),
      ...cobPayloadOf(values, organization, false),
    }) as EmployeeCreateInput;
    const incentivePrograms = programsPayloadOf(values, programs);
    if (incentivePrograms) body.incentivePrograms = incentivePrograms;
    // The server's own rules, checked here first so each refused field is marked.
    const checked = schema.safeParse(body);
    if (!checked.success) {
      form.setFields(fieldErrorsOf(checked.error.issues));
      return;
    }
    create.mutate(body, {
      onSuccess: (employee) => {
        setDirty(false);
        onCreated(employee.employeeNo);
      },
      onError: (error) => {
        if (isApiError(error) && error.params) {
          form.setFields(serverFieldErrorsOf(error.params));
        }
      },
    });
  };

  const groupOptions = (groups.data?.data ?? [])
    .filter((group) => groupSelectable(group))
    .map((group) => ({
      value: group.benefitGroupNo,
      label: `${group.name} (${group.benefitGroupId})`,
    }));

  return (
    <AppDrawer
      title="Create New Member"
      size="wide"
      open={open}
      onClose={() => void close()}
      footer={
        <div className="member-form__footer">
          <Button onClick={() => void close()}>Cancel</Button>
          <Button
            type="primary"
            loading={create.isPending}
            disabled={!dirty || create.isPending}
            onClick={() => void submit()}
          >
            Create
          </Button>
        </div>
      }
    >
      {holder}
      <Form<CreateValues>
        form={form}
        name="create-member"
        className="member-form"
        layout="vertical"
        aria-label="Create New Member"
        onFieldsChange={blur.onFieldsChange}
        onValuesChange={(changed: Partial<CreateValues>) => {
          setDirty(true);
          if ('benefitGroupId' in changed) {
            form.setFieldsValue({ divisionNo: undefined, programs: {} });
          }
        }}
        initialValues={{ isCOBSecondary: false, programs: {} }}
      >
        <MemberFields
          form={form}
          mode="create"
          settings={organization}
          schemas={schemas}
          trigger={blur.trigger}
          programs={programs}
          ssnField={
            <Form.Item
              name="ssn"
              label={FIELD_LABELS.ssn}
              required={!organization.generateEmployeeSSN}
              validateTrigger={blur.trigger('ssn')}
              rules={schemas.shape.ssn ? [zodRule(schemas.shape.ssn)] : []}
              extra={
                organization.generateEmployeeSSN
                  ? 'Leave empty to have one generated for this member.'
                  : undefined
              }
            >
              <SsnInput dashes={false} />
            </Form.Item>
          }
        >
          <fieldset className="member-form__section">
            <legend>Eligibility</legend>
            <div className="member-form__grid">
              <Form.Item
                name="effectiveDate"
                label={FIELD_LABELS.effectiveDate}
                required
                validateTrigger={blur.trigger('effectiveDate')}
                rules={[
                  ...(schemas.shape.effectiveDate ? [zodRule(schemas.shape.effectiveDate)] : []),
                  isoDateRule(FIELD_LABELS.effectiveDate),
                ]}
              >
                <DateInput />
              </Form.Item>
              <Form.Item
                name="benefitGroupId"
                label={FIELD_LABELS.group}
                required
                validateTrigger={['onChange']}
                rules={
                  schemas.shape.benefitGroupId
                    ? [zodRule(schemas.shape.benefitGroupId, { empty: 'undefined' })]
                    : []
                }
              >
                <Select
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={groups.isLoading}
                  options={groupOptions}
                  placeholder="Select a group"
                />
              </Form.Item>
              {organization.supportsDivisions && (
                <>
                  <Form.Item name="divisionNo" label="Division">
                    <Select
                      allowClear
                      disabled={!groupNo}
                      loading={divisions.isLoading}
                      placeholder={groupNo ? 'Select a division' : 'Choose a group first'}
                      options={(divisions.data?.data ?? []).map((d) => ({
                        value: d.divisionNo,
                        label: `${d.divisionName} (${d.divisionId})`,
                      }))}
                    />
                  </Form.Item>
                  <Form.Item name="benefitPackageId" label={FIELD_LABELS.benefitPackage}>
                    <Select
                      allowClear
                      loading={packages.isLoading}
                      placeholder="Select a benefit package"
                      options={(packages.data?.data ?? [])
                        .filter((p) => p.processStatus === 1)
                        .map((p) => ({
                          value: p.benefitPackageNo,
                          label: `${p.name} (${p.benefitPackageId})`,
                        }))}
                    />
                  </Form.Item>
                </>
              )}
            </div>
          </fieldset>
        </MemberFields>
      </Form>
    </AppDrawer>
  );
}
