import { Button, Descriptions, Form, Select } from 'antd';
import { useState } from 'react';
import {
  FIELD_LABELS,
  MEMBER_RECORD_MESSAGES,
  benefitPackageChangeBody,
  formatDate,
  requiredMessage,
  type EmployeeDetail,
} from '@pillar/domain';
import { zodRule } from '../../../shared/forms/zod-rule.ts';
import { DateInput, isoDateRule } from '../../../shared/inputs/date-input.tsx';
import { useBenefitPackages } from '../../../entities/organization/index.ts';
import { isValid, useChangeBenefitPackage } from '../../../entities/member/index.ts';
import { useBlurThenChange } from '../../../shared/forms/use-blur-then-change.ts';
import { notBeforeEffective } from '../lifecycle-date-rule.ts';
import { PanelCard } from '../../../shared/page/panel-card.tsx';

interface PackageValues {
  benefitPackageId?: number | null;
  changeDate?: string | null;
}

/**
 * Benefit Package Assignment (spec 1 §4; only where the organization supports divisions): a
 * package and its effective date; the assignment date is read-only.
 */
export function BenefitPackagePanel({ employee }: { employee: EmployeeDetail }) {
  const canChange = employee.actions.changeBenefitPackage;
  const [form] = Form.useForm<PackageValues>();
  const blur = useBlurThenChange();
  const [dirty, setDirty] = useState(false);
  const packages = useBenefitPackages(employee.organizationNo, canChange);
  const change = useChangeBenefitPackage(employee.organizationNo, employee.employeeNo);

  const options = (packages.data?.data ?? [])
    .filter((p) => p.processStatus === 1 || p.benefitPackageNo === employee.benefitPackageNo)
    .map((p) => ({ value: p.benefitPackageNo, label: `${p.name} (${p.benefitPackageId})` }));

  const save = async () => {
    if (!(await isValid(form))) return;
    const values = form.getFieldsValue(true) as PackageValues;
    if (values.benefitPackageId === employee.benefitPackageNo) {
      form.setFields([
        { name: 'benefitPackageId', errors: [MEMBER_RECORD_MESSAGES.benefitPackageUnchanged] },
      ]);
      return;
    }
    change.mutate(
      benefitPackageChangeBody.parse({
        benefitPackageId: values.benefitPackageId,
        changeDate: values.changeDate,
      }),
    );
  };

  return (
    <PanelCard block="member-panel" title="Benefit Package Assignment">
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        className="member-details__facts"
        items={[
          {
            key: 'package',
            label: 'Benefit Package',
            children: employee.benefitPackageName
              ? `${employee.benefitPackageName} (${employee.benefitPackageId ?? ''})`
              : '—',
          },
          {
            key: 'effectiveDate',
            label: 'Effective Date',
            children: formatDate(employee.benefitPackageEffectiveDate) || '—',
          },
          {
            key: 'assignmentDate',
            label: 'Assignment Date',
            children: formatDate(employee.benefitPackageCreatedDate) || '—',
          },
        ]}
      />
      {canChange && (
        <Form<PackageValues>
          form={form}
          name="benefit-package"
          layout="vertical"
          aria-label="Change Benefit Package"
          initialValues={{ benefitPackageId: employee.benefitPackageNo, changeDate: null }}
          onFieldsChange={blur.onFieldsChange}
          onValuesChange={() => setDirty(true)}
        >
          <div className="member-form__grid">
            <Form.Item
              name="benefitPackageId"
              label={FIELD_LABELS.benefitPackage}
              required
              rules={[
                zodRule(benefitPackageChangeBody.shape.benefitPackageId, { empty: 'undefined' }),
              ]}
            >
              <Select
                loading={packages.isFetching}
                options={options}
                placeholder="Select a benefit package"
              />
            </Form.Item>
            <Form.Item
              name="changeDate"
              label={FIELD_LABELS.effectiveDate}
              required
              validateTrigger={blur.trigger('changeDate')}
              rules={[
                // The body calls it changeDate; the panel shows it as the package's effective date.
                { required: true, message: requiredMessage(FIELD_LABELS.effectiveDate) },
                isoDateRule(FIELD_LABELS.effectiveDate),
                notBeforeEffective('change', employee.effectiveDate),
              ]}
            >
              <DateInput />
            </Form.Item>
          </div>
          <div className="member-panel__actions">
            <Button
              type="primary"
              disabled={!dirty || change.isPending}
              loading={change.isPending}
              onClick={() => void save()}
            >
              Save
            </Button>
          </div>
        </Form>
      )}
    </PanelCard>
  );
}
