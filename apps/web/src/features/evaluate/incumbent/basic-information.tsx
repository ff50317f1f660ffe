import { InfoCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { Button, Descriptions, Tooltip } from 'antd';
import { formatDate, type OpportunityDetail } from '@pillar/domain';
import { notifyError, notifySuccess } from '../../../shared/notifications/notify.ts';
import { PanelCard } from '../../../shared/page/panel-card.tsx';
import {
  CRM_FAILURE_MESSAGE,
  isCrmFailure,
  useRefreshFromCrm,
} from '../../../entities/opportunity/index.ts';
import { formatInstant } from '../time-since.ts';

/**
 * The field tips (spec 3 §2 "Tooltips exist for opportunity fields"; the spec does not give their
 * words, decision 0116 records these): what the value means and where it comes from.
 */
const TIPS = {
  incumbentPbm: 'The pharmacy benefit manager the employer uses today, as recorded in Salesforce.',
  employees: 'Employees covered by the current pharmacy benefit, from Salesforce.',
  members: 'Employees and their dependents covered by the current pharmacy benefit.',
  inHousePharmacy:
    "The employer's own pharmacy, if it has one: its NPI (10 digits) or else its NABP number (7 digits).",
  analysisDueFromFA: 'When the financial analyst is due to finish the analysis.',
  analysisDueDate: 'When the analysis is due to the employee benefits consultant (EBC).',
  medVendor: 'The carrier or administrator of the employer’s medical plan.',
  tpa: 'The third-party administrator that runs the employer’s self-funded plan, if any.',
  targetEffectiveDate: 'The date the employer wants a new pharmacy contract to start.',
  erisa: 'Whether the plan is governed by ERISA (private employer plans usually are).',
  strategicGroup: 'The strategic account group the employer belongs to in Salesforce.',
} as const;

function Label({ text, tip }: { text: string; tip: string }) {
  return (
    <span className="field-label">
      {text}
      <Tooltip title={tip}>
        <InfoCircleOutlined
          className="field-label__tip"
          tabIndex={0}
          aria-label={`About ${text}`}
        />
      </Tooltip>
    </span>
  );
}

function shown(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'number' ? value.toLocaleString('en-US') : value;
}

function erisaText(value: boolean | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return value ? 'Yes' : 'No';
}

/**
 * Basic Information (spec 3 §2 "Incumbent tab panels"): the employer as Salesforce knows it, with
 * when it was loaded and a refresh (POST /opps/sf-update). Read-only here: Salesforce owns it.
 */
export function BasicInformation({ opportunity }: { opportunity: OpportunityDetail }) {
  const refresh = useRefreshFromCrm(opportunity.id);
  const info = opportunity.basicInfo;
  const onRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: () => notifySuccess('Refreshed from Salesforce'),
      onError: (error) =>
        notifyError(error, isCrmFailure(error) ? CRM_FAILURE_MESSAGE : 'Refresh failed'),
    });

  return (
    <PanelCard
      title="Basic Information"
      block="incumbent-panel"
      extra={
        <div className="basic-info__loaded">
          <span>
            {info.sfUpdatedAt
              ? `Loaded from Salesforce at ${formatInstant(info.sfUpdatedAt)}`
              : 'Not loaded from Salesforce yet'}
          </span>
          <Button icon={<SyncOutlined />} loading={refresh.isPending} onClick={onRefresh}>
            Refresh from Salesforce
          </Button>
        </div>
      }
    >
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 1, md: 2, xxl: 3 }}
        items={[
          { key: 'employer', label: 'Company Name', children: opportunity.employer },
          { key: 'sfOppId', label: 'Salesforce ID', children: opportunity.sfOppId },
          {
            key: 'incumbentPbm',
            label: <Label text="Incumbent PBM" tip={TIPS.incumbentPbm} />,
            children: shown(info.incumbentPbm),
          },
          { key: 'broker', label: 'Broker Name', children: shown(opportunity.broker) },
          {
            key: 'employees',
            label: <Label text="Total Employees" tip={TIPS.employees} />,
            children: shown(info.employees),
          },
          {
            key: 'members',
            label: <Label text="Total Members" tip={TIPS.members} />,
            children: shown(info.members),
          },
          {
            key: 'inHousePharmacyName',
            label: <Label text="In-House Pharmacy Name" tip={TIPS.inHousePharmacy} />,
            children: shown(info.inHousePharmacyName),
          },
          {
            key: 'inHousePharmacyId',
            label: 'In-House Pharmacy ID',
            children: info.pharmacyId,
          },
          {
            key: 'analysisDueFromFA',
            label: <Label text="Analysis Due From FA" tip={TIPS.analysisDueFromFA} />,
            children: shown(formatDate(info.analysisDueFromFA)),
          },
          {
            key: 'analysisDueDate',
            label: <Label text="Analysis Due To EBC" tip={TIPS.analysisDueDate} />,
            children: shown(formatDate(info.analysisDueDate)),
          },
          {
            key: 'medVendor',
            label: <Label text="Current Medical Vendor" tip={TIPS.medVendor} />,
            children: shown(info.medVendor),
          },
          { key: 'tpa', label: <Label text="TPA" tip={TIPS.tpa} />, children: shown(info.tpa) },
          {
            key: 'targetEffectiveDate',
            label: <Label text="Target Effective Date" tip={TIPS.targetEffectiveDate} />,
            children: shown(formatDate(info.targetEffectiveDate)),
          },
          {
            key: 'erisa',
            label: <Label text="ERISA" tip={TIPS.erisa} />,
            children: erisaText(info.erisa),
          },
          {
            key: 'strategicGroup',
            label: <Label text="Strategic Group" tip={TIPS.strategicGroup} />,
            children: shown(info.strategicGroup),
          },
        ]}
      />
    </PanelCard>
  );
}
