import { Button, Descriptions, Form, Modal, notification } from 'antd';
import { useMemo, useState } from 'react';
import {
  FIELD_LABELS,
  MEMBER_RECORD_TITLES,
  PERMISSIONS,
  SSN_MASKED,
  employeeUpdateSchema,
  formatDate,
  ssnRevealFailureText,
  type EmployeeDetail,
  type EmployeeUpdateInput,
  type IncentiveProgramKey,
} from '@pillar/domain';
import { isApiError } from '../../../shared/api/api-error.ts';
import { zodRule } from '../../../shared/forms/zod-rule.ts';
import { SsnInput } from '../../../shared/inputs/ssn-input.tsx';
import {
  MemberFields,
  cobPayloadOf,
  personPayloadOf,
  programsPayloadOf,
  supportedProgramsOf,
  type MemberFieldSchemas,
  type MemberFormValues,
  type ProgramFormValue,
  confirmDiscard,
  fieldErrorsOf,
  isValid,
  serverFieldErrorsOf,
  useRevealEmployeeSsn,
  useUpdateEmployee,
} from '../../../entities/member/index.ts';
import { useBlurThenChange } from '../../../shared/forms/use-blur-then-change.ts';
import { usePermissions } from '../../../shared/permissions/user-access.ts';

/** The form's values of a member record as the server answered it. */
export function detailValuesOf(employee: EmployeeDetail): MemberFormValues {
  const programs: Partial<Record<IncentiveProgramKey, ProgramFormValue>> = {};
  for (const program of employee.incentivePrograms) {
    programs[program.key] = {
      enrolled: program.enrolled,
      effectiveDate: program.effectiveDate,
      terminationDate: program.terminationDate,
    };
  }
  return {
    firstName: employee.firstName,
    middleInitial: employee.middleInitial ?? '',
    lastName: employee.lastName,
    birthdate: employee.birthdate,
    gender: employee.gender,
    address1: employee.address1 ?? '',
    address2: employee.address2 ?? '',
    city: employee.city ?? '',
    state: employee.state ?? undefined,
    zip: employee.zip ?? '',
    phone: employee.phone ?? '',
    email: employee.email ?? '',
    ssn: employee.ssn ?? '',
    personCode: employee.personCode === null ? '' : String(employee.personCode),
    clientId: employee.clientId ?? '',
    clientDefinedData: employee.clientDefinedData ?? '',
    isCOBSecondary: employee.isCOBSecondary,
    cobSecondaryDate: employee.cobSecondaryDate,
    cobPrimaryDate: employee.cobPrimaryDate,
    programs,
  };
}

/** Values compared for "has anything changed": empty and missing count the same. */
function comparable(values: MemberFormValues): string {
  return JSON.stringify(values, (_key, value: unknown) =>
    value === '' || value === null || value === false ? undefined : value,
  );
}

function yesNo(value: boolean): string {
  return value ? 'Yes' : 'No';
}

/** The SSN: masked until revealed on demand (holders of portal-view-ssn), then editable. */
function SsnField({
  employee,
  canReveal,
  readOnly,
  revealed,
  onReveal,
  trigger,
  rule,
}: {
  employee: EmployeeDetail;
  canReveal: boolean;
  readOnly: boolean;
  revealed: boolean;
  onReveal: (ssn: string | null) => void;
  trigger: string[];
  rule: ReturnType<typeof zodRule> | null;
}) {
  const reveal = useRevealEmployeeSsn(employee.organizationNo, employee.employeeNo);
  const [notice, noticeHolder] = notification.useNotification();
  const hasSsn = employee.ssn !== null;
  // Typing an SSN needs the SSN permission too; a stored one is typed over only once revealed.
  const locked = readOnly || !canReveal || (hasSsn && !revealed);
  return (
    <Form.Item label={FIELD_LABELS.ssn} htmlFor="member-details-ssn">
      {noticeHolder}
      <div className="member-form__ssn">
        <Form.Item
          name="ssn"
          noStyle
          validateTrigger={trigger}
          rules={rule && !locked ? [rule] : []}
        >
          <SsnInput id="member-details-ssn" disabled={locked} />
        </Form.Item>
        {hasSsn && canReveal && !revealed && (
          <Button
            loading={reveal.isPending}
            aria-label="Reveal SSN"
            onClick={() =>
              reveal.mutate(undefined, {
                onSuccess: (answer) => onReveal(answer.ssn),
                // Spec 1 §8: its own notice rather than the error catalogue's; past the reveal
                // limit, the limit's message.
                onError: (error) =>
                  notice.error({
                    title: 'Error',
                    description: ssnRevealFailureText(
                      isApiError(error) ? error.status : undefined,
                      MEMBER_RECORD_TITLES.fetchSsnError,
                    ),
                  }),
              })
            }
          >
            Reveal
          </Button>
        )}
      </div>
    </Form.Item>
  );
}

/**
 * The Member Details form (spec 1 §2, §3, §5): every field of the member, checked by the domain's
 * edit schema for this organization and record. Save stays disabled until something changes and
 * again after submit; the form starts over when the record reloads (the caller keys it).
 */
export function MemberDetailsForm({ employee }: { employee: EmployeeDetail }) {
  const { can } = usePermissions();
  const canEdit = can({ allOf: [PERMISSIONS.editMember] }) && employee.actions.edit;
  const canReveal = can({ allOf: [PERMISSIONS.viewSsn] });
  const settings = employee.settings;
  const [form] = Form.useForm<MemberFormValues>();
  const [modal, holder] = Modal.useModal();
  const blur = useBlurThenChange();
  const initial = useMemo(() => detailValuesOf(employee), [employee]);
  const [baseline, setBaseline] = useState(() => comparable(initial));
  const [revealedSsn, setRevealedSsn] = useState<string | null | undefined>(undefined);
  const [dirty, setDirty] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const update = useUpdateEmployee(employee.organizationNo, employee.employeeNo);
  const schema = useMemo(
    () =>
      employeeUpdateSchema(settings, {
        allowPersonCodeEdit: employee.allowPersonCodeEdit,
        isCOBMandatory: employee.isCOBMandatory,
      }),
    [settings, employee.allowPersonCodeEdit, employee.isCOBMandatory],
  );
  const schemas = schema as unknown as MemberFieldSchemas;
  const programs = supportedProgramsOf(employee.incentivePrograms);

  const onReveal = (ssn: string | null) => {
    setRevealedSsn(ssn);
    const values = { ...(form.getFieldsValue(true) as MemberFormValues), ssn: ssn ?? '' };
    form.setFieldsValue({ ssn: ssn ?? '' });
    // Revealing is not a change: the baseline holds the digits from now on.
    setBaseline(comparable({ ...initial, ssn: ssn ?? '' }));
    setDirty(comparable(values) !== comparable({ ...initial, ssn: ssn ?? '' }));
  };

  const reset = async () => {
    const confirmed = await confirmDiscard(modal);
    if (!confirmed) return;
    form.resetFields();
    if (revealedSsn !== undefined) form.setFieldsValue({ ssn: revealedSsn ?? '' });
    blur.reset();
    setDirty(false);
  };

  const submit = async () => {
    if (!(await isValid(form))) return;
    const values = form.getFieldsValue(true) as MemberFormValues;
    const ssn = values.ssn ?? '';
    const ssnChanged =
      ssn !== SSN_MASKED && ssn !== (revealedSsn ?? employee.ssn ?? '') && ssn !== '';
    // Checked against the schema below; the form's nulls are what the schema refuses.
    const body = {
      ...personPayloadOf(values, settings),
      ...(ssnChanged ? { ssn } : {}),
      ...cobPayloadOf(values, settings, employee.isCOBMandatory),
    } as EmployeeUpdateInput;
    // The person code goes only when it may change (spec 1 §5).
    if (!employee.allowPersonCodeEdit) delete body.personCode;
    const incentivePrograms = programsPayloadOf(values, programs);
    if (incentivePrograms) body.incentivePrograms = incentivePrograms;
    const checked = schema.safeParse(body);
    if (!checked.success) {
      form.setFields(fieldErrorsOf(checked.error.issues));
      return;
    }
    setSubmitted(true);
    update.mutate(body, {
      onError: (error) => {
        setSubmitted(false);
        if (isApiError(error) && error.params) {
          form.setFields(serverFieldErrorsOf(error.params));
        }
      },
    });
  };

  return (
    <>
      {holder}
      <Descriptions
        size="small"
        className="member-details__facts"
        column={{ xs: 1, sm: 2, lg: 3 }}
        items={[
          { key: 'generatedId', label: 'Generated ID', children: employee.generatedId },
          { key: 'alternateId', label: 'Alternate ID', children: employee.alternateId ?? '—' },
          { key: 'age', label: 'Age', children: employee.age },
          {
            key: 'effectiveDate',
            label: 'Effective Date',
            children: formatDate(employee.effectiveDate),
          },
          {
            key: 'expirationDate',
            label: 'Termination Date',
            children: formatDate(employee.expirationDate) || '—',
          },
          {
            key: 'reinstatementDate',
            label: 'Reinstatement Date',
            children: formatDate(employee.reinstatementDate) || '—',
          },
          { key: 'cobra', label: 'COBRA', children: yesNo(employee.isCobra) },
          { key: 'retiree', label: 'Retiree', children: yesNo(employee.isRetiree) },
          { key: 'egwp', label: 'EGWP', children: yesNo(employee.isEGWP) },
          {
            key: 'medD',
            label: 'Med D Subsidy Effective Date',
            children: formatDate(employee.medDSubsidyEffectiveDate) || '—',
          },
          { key: 'hic', label: 'HIC Number', children: employee.hicNumber ?? '—' },
        ]}
      />
      <Form<MemberFormValues>
        form={form}
        name="member-details"
        className={canEdit ? 'member-form' : 'member-form member-form--read-only'}
        layout="vertical"
        aria-label="Member Details"
        // Nothing can be filled in, so nothing is marked required.
        requiredMark={canEdit}
        initialValues={initial}
        onFieldsChange={blur.onFieldsChange}
        onValuesChange={() =>
          setDirty(comparable(form.getFieldsValue(true) as MemberFormValues) !== baseline)
        }
      >
        <MemberFields
          form={form}
          mode="edit"
          settings={settings}
          schemas={schemas}
          trigger={blur.trigger}
          readOnly={!canEdit}
          allowPersonCodeEdit={employee.allowPersonCodeEdit}
          isCOBMandatory={employee.isCOBMandatory}
          programs={programs}
          ssnField={
            <SsnField
              employee={employee}
              canReveal={canReveal}
              readOnly={!canEdit}
              revealed={revealedSsn !== undefined}
              onReveal={onReveal}
              trigger={blur.trigger('ssn')}
              rule={schemas.shape.ssn ? zodRule(schemas.shape.ssn) : null}
            />
          }
        />
        {canEdit && (
          <div className="member-panel__actions">
            <Button disabled={!dirty || submitted} onClick={() => void reset()}>
              Cancel
            </Button>
            <Button
              type="primary"
              disabled={!dirty || submitted}
              loading={update.isPending}
              onClick={() => void submit()}
            >
              Save
            </Button>
          </div>
        )}
      </Form>
    </>
  );
}
