import { Button, Form } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import {
  FIELD_LABELS,
  PERMISSIONS,
  SSN_MASKED,
  dependentUpdateSchema,
  MEMBER_RECORD_TITLES,
  ssnRevealFailureText,
  type DependentDetail,
} from '@pillar/domain';
import { isApiError } from '../../../shared/api/api-error.ts';
import { zodRule } from '../../../shared/forms/zod-rule.ts';
import { SsnInput } from '../../../shared/inputs/ssn-input.tsx';
import {
  fieldErrorsOf,
  isValid,
  serverFieldErrorsOf,
  getDependentSsn,
  useUpdateDependent,
} from '../../../entities/member/index.ts';
import { useBlurThenChange } from '../../../shared/forms/use-blur-then-change.ts';
import { notifyErrorMessage } from '../../../shared/notifications/notify.ts';
import { usePermissions } from '../../../shared/permissions/user-access.ts';
import {
  DependentFields,
  dependentPayloadOf,
  type DependentFormValues,
} from '../dependent-form/dependent-fields.tsx';

function valuesOf(d: DependentDetail): DependentFormValues {
  return {
    firstName: d.firstName,
    middleInitial: d.middleInitial ?? '',
    lastName: d.lastName,
    birthdate: d.birthdate,
    gender: d.gender,
    relationship: d.relationship,
    ssn: d.ssn ?? '',
    personCode: d.personCode === null ? '' : String(d.personCode),
    address1: d.address1 ?? '',
    address2: d.address2 ?? '',
    city: d.city ?? '',
    state: d.state ?? undefined,
    zip: d.zip ?? '',
    clientDefinedData: d.clientDefinedData ?? '',
    isCOBSecondary: d.isCOBSecondary,
    cobSecondaryDate: d.cobSecondaryDate,
    cobPrimaryDate: d.cobPrimaryDate,
  };
}

/** What the form would send, to tell a change from none (Save stays disabled until one). */
function comparable(values: DependentFormValues, d: DependentDetail, baselineSsn: string) {
  const payload = dependentPayloadOf(values, d.settings, d.isCOBMandatory);
  const ssn = values.ssn ?? '';
  return JSON.stringify({ ...payload, ssn: ssn === baselineSsn ? null : ssn });
}

/**
 * Dependent Details (spec 1 §2, §5): the create form's rules through the domain's update schema;
 * the SSN masked with Reveal for users who may view SSNs; the person code editable only when the
 * record allows it; read-only without edit permission or while the member is terminated; Save
 * disabled until a value changes.
 */
export function DependentDetailsForm({ dependent }: { dependent: DependentDetail }) {
  const { can } = usePermissions();
  const canViewSsn = can({ allOf: [PERMISSIONS.viewSsn] });
  const readOnly = !dependent.actions.edit;
  const [form] = Form.useForm<DependentFormValues>();
  const blur = useBlurThenChange();
  const update = useUpdateDependent(
    dependent.organizationNo,
    dependent.employeeNo,
    dependent.dependentNo,
  );
  const schema = useMemo(
    () =>
      dependentUpdateSchema(dependent.settings, {
        allowPersonCodeEdit: dependent.allowPersonCodeEdit,
        isCOBMandatory: dependent.isCOBMandatory,
      }),
    [dependent.settings, dependent.allowPersonCodeEdit, dependent.isCOBMandatory],
  );
  const initial = useMemo(() => valuesOf(dependent), [dependent]);
  /** The SSN the form started from: the mask, or the digits once revealed. */
  const [baselineSsn, setBaselineSsn] = useState(initial.ssn ?? '');
  const [revealing, setRevealing] = useState(false);
  const watched = Form.useWatch([], form) as DependentFormValues | undefined;

  // Spec 1 §4: forms reset when data reloads.
  const [shownInitial, setShownInitial] = useState(initial);
  if (shownInitial !== initial) {
    setShownInitial(initial);
    setBaselineSsn(initial.ssn ?? '');
    blur.reset();
  }
  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(initial);
  }, [form, initial]);

  const changed =
    watched !== undefined &&
    comparable({ ...initial, ...watched }, dependent, baselineSsn) !==
      comparable(initial, dependent, initial.ssn ?? '');

  const reveal = async () => {
    setRevealing(true);
    try {
      const { ssn } = await getDependentSsn(
        dependent.organizationNo,
        dependent.employeeNo,
        dependent.dependentNo,
      );
      const shown = ssn ?? '';
      setBaselineSsn(shown);
      form.setFieldsValue({ ssn: shown });
    } catch (error) {
      notifyErrorMessage(
        'Error',
        ssnRevealFailureText(
          isApiError(error) ? error.status : undefined,
          MEMBER_RECORD_TITLES.fetchSsnError,
        ),
      );
    } finally {
      setRevealing(false);
    }
  };

  const submit = async () => {
    if (!(await isValid(form))) return;
    const values = { ...initial, ...(form.getFieldsValue(true) as DependentFormValues) };
    const ssn = values.ssn ?? '';
    const body: Record<string, unknown> = {
      ...dependentPayloadOf(values, dependent.settings, dependent.isCOBMandatory),
      // Sent only when typed anew: the mask or the revealed value means "unchanged".
      ...(ssn && ssn !== baselineSsn && ssn !== SSN_MASKED ? { ssn } : {}),
    };
    if (!dependent.allowPersonCodeEdit) delete body.personCode;
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      form.setFields(fieldErrorsOf(parsed.error.issues));
      return;
    }
    update.mutate(body, {
      onError: (error) => {
        if (isApiError(error) && error.params) form.setFields(serverFieldErrorsOf(error.params));
      },
    });
  };

  return (
    <Form
      form={form}
      name="dependent-details"
      className={readOnly ? 'member-form member-form--read-only' : 'member-form'}
      layout="vertical"
      aria-label="Dependent Details"
      initialValues={initial}
      onFieldsChange={blur.onFieldsChange}
      disabled={readOnly}
      requiredMark={!readOnly}
    >
      <DependentFields
        mode="edit"
        settings={dependent.settings}
        shape={schema.shape}
        trigger={blur.trigger}
        readOnly={readOnly}
        allowPersonCodeEdit={dependent.allowPersonCodeEdit}
        isCOBMandatory={dependent.isCOBMandatory}
        ssnField={
          <Form.Item label={FIELD_LABELS.ssn} required={false}>
            <div className="member-form__ssn">
              <Form.Item
                name="ssn"
                noStyle
                validateTrigger={blur.trigger('ssn')}
                rules={[zodRule(schema.shape.ssn)]}
              >
                <SsnInput
                  aria-label={FIELD_LABELS.ssn}
                  disabled={readOnly || !canViewSsn || baselineSsn === SSN_MASKED}
                />
              </Form.Item>
              {canViewSsn && baselineSsn === SSN_MASKED && (
                <Button
                  onClick={() => void reveal()}
                  loading={revealing}
                  disabled={false}
                  aria-label="Reveal SSN"
                >
                  Reveal
                </Button>
              )}
            </div>
          </Form.Item>
        }
      />
      {!readOnly && (
        <div className="member-form__footer">
          <Button
            onClick={() => {
              form.setFieldsValue(initial);
              setBaselineSsn(initial.ssn ?? '');
            }}
            disabled={!changed || update.isPending}
          >
            Cancel
          </Button>
          <Button
            type="primary"
            onClick={() => void submit()}
            loading={update.isPending}
            disabled={!changed}
          >
            Save
          </Button>
        </div>
      )}
    </Form>
  );
}
