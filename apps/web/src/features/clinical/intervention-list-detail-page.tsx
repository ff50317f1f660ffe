import {
  DeleteOutlined,
  EditOutlined,
  HistoryOutlined,
  PlusOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { Alert, Button, Collapse, Empty, Skeleton, Table, Tag, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import {
  CLINICAL_MESSAGES,
  PERMISSIONS,
  formatDate,
  isIsoDate,
  type ConditionSetting,
  type InterventionListDetail,
  type TargetDrug,
} from '@pillar/domain';
import {
  interventionListHistoryQueryOptions,
  useInterventionList,
  useRemoveTargetDrug,
} from '../../entities/intervention-list/index.ts';
import { hasStatus } from '../../shared/api/api-error.ts';
import { DateInput } from '../../shared/inputs/date-input.tsx';
import { describeError } from '../../shared/notifications/notify.ts';
import { useConfirmAction } from '../../shared/page/confirm-action.tsx';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { NotFoundPage } from '../../shared/pages/not-found-page.tsx';
import { usePermissions } from '../../shared/permissions/user-access.ts';
import { usePagedTableState } from '../../shared/search-table/paged-table.tsx';
import { whoAndWhen } from './clinical-audit.ts';
import { ClinicalHistoryTable } from './clinical-history-table.tsx';
import { CLINICAL_CONFIG_PATH, ClinicalPageLayout } from './clinical-page-layout.tsx';
import { ListStatusTag } from './list-format.tsx';
import { ListWizard } from './list-wizard.tsx';
import type { ListWizardStep } from './list-wizard-rules.ts';
import './intervention-lists.css';

const ID = /^[1-9]\d{0,9}$/;
const MAX_ID = 2_147_483_647;
const EDIT = { allOf: [PERMISSIONS.clinicalEdit] } as const;

/** A drug class as the Target Drugs list names it: its code and its name. */
function drugHeader(drug: { drug_code: string; drug_name: string }): string {
  return `${drug.drug_code} ${drug.drug_name}`;
}

/** Today in UTC as YYYY-MM-DD: the latest date a past view may ask for. */
function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

interface TargetDrugsProps {
  list: InterventionListDetail;
  /** False in a past view and for users without clinicalEdit. */
  editable: boolean;
  onAdd: () => void;
}

/**
 * The Target Drugs collapsible list (spec 2 §2): each header is the drug's code and name with
 * Remove Target Drug (confirmed); each body lists its alternative drugs, whose add button is
 * disabled here as the spec has it (the wizard's Alternative Drugs step holds them).
 */
function TargetDrugs({ list, editable, onAdd }: TargetDrugsProps) {
  const remove = useRemoveTargetDrug(list.id);
  const [confirm, confirmHolder] = useConfirmAction();
  const [open, setOpen] = useState<string[]>([]);

  const onRemove = async (drug: TargetDrug) => {
    const yes = await confirm({
      title: 'Remove Target Drug?',
      content: `${drugHeader(drug)} and its alternative drugs will be removed from ${list.name}.`,
      action: 'Remove Target Drug',
      danger: true,
    });
    if (yes) await remove.mutateAsync(drug.id);
  };

  return (
    <section className="list-detail__section" aria-labelledby="list-target-drugs">
      {confirmHolder}
      <div className="list-detail__section-heading">
        <Typography.Title level={2} id="list-target-drugs" className="list-detail__title">
          Target Drugs
        </Typography.Title>
        {editable && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={onAdd}>
            Add Target Drugs
          </Button>
        )}
      </div>
      {list.target_drugs.length === 0 ? (
        <Empty description={CLINICAL_MESSAGES.noTargetDrugs} />
      ) : (
        // Only the header text toggles (collapsible 'header'), so Remove Target Drug beside it is
        // not a button inside a button; the arrow is drawn in the text, not as a second toggle.
        <Collapse
          collapsible="header"
          activeKey={open}
          onChange={(keys) => setOpen(keys.map(String))}
          items={list.target_drugs.map((drug) => ({
            key: String(drug.id),
            showArrow: false,
            label: (
              <span className="list-detail__drug-header">
                <RightOutlined aria-hidden rotate={open.includes(String(drug.id)) ? 90 : 0} />
                {drugHeader(drug)}
              </span>
            ),
            extra: editable ? (
              <Button
                size="small"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={`Remove Target Drug ${drugHeader(drug)}`}
                onClick={(event) => {
                  event.stopPropagation();
                  void onRemove(drug);
                }}
              >
                Remove Target Drug
              </Button>
            ) : undefined,
            children: <AlternativeDrugs drug={drug} />,
          }))}
        />
      )}
    </section>
  );
}

function AlternativeDrugs({ drug }: { drug: TargetDrug }) {
  return (
    <div className="list-detail__alternatives">
      <div className="list-detail__section-heading">
        <Typography.Text strong>Alternative Drugs</Typography.Text>
        <Tooltip title="Alternative drugs are chosen in the list wizard's Alternative Drugs step (Edit List).">
          {/* A disabled button gets no pointer events; the span carries the tooltip. */}
          <span>
            <Button size="small" icon={<PlusOutlined aria-hidden />} disabled>
              Add Alternative Drugs
            </Button>
          </span>
        </Tooltip>
      </div>
      {drug.alternative_drugs.length === 0 ? (
        <Typography.Text type="secondary">{CLINICAL_MESSAGES.noAlternativeDrugs}</Typography.Text>
      ) : (
        <ul className="list-detail__alternative-list">
          {drug.alternative_drugs.map((alternative) => (
            <li key={alternative.id}>{drugHeader(alternative)}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function PbmsAndSettings({ list }: { list: InterventionListDetail }) {
  return (
    <>
      <section className="list-detail__section" aria-labelledby="list-pbms">
        <Typography.Title level={2} id="list-pbms" className="list-detail__title">
          PBMs
        </Typography.Title>
        {list.pbms.length === 0 ? (
          <Typography.Text type="secondary">The list applies to no PBM yet.</Typography.Text>
        ) : (
          <div className="list-detail__tags">
            {list.pbms.map((pbm) => (
              <Tag key={pbm}>{pbm}</Tag>
            ))}
          </div>
        )}
      </section>
      <section className="list-detail__section" aria-labelledby="list-settings">
        <Typography.Title level={2} id="list-settings" className="list-detail__title">
          Condition Settings
        </Typography.Title>
        <Table<ConditionSetting>
          size="small"
          rowKey="health_condition_id"
          aria-labelledby="list-settings"
          pagination={false}
          dataSource={list.condition_settings}
          locale={{
            emptyText: (
              <Typography.Text type="secondary">
                No condition triggers this list yet.
              </Typography.Text>
            ),
          }}
          columns={[
            { title: 'Condition', dataIndex: 'health_condition_name' },
            { title: 'Intervention', dataIndex: 'intervention_name' },
          ]}
        />
      </section>
    </>
  );
}

function ListHistory({
  listId,
  onViewAsOf,
}: {
  listId: number;
  onViewAsOf: (date: string) => void;
}) {
  const table = usePagedTableState();
  const history = useQuery(
    interventionListHistoryQueryOptions(listId, {
      limit: table.query.limit,
      offset: table.query.offset,
    }),
  );
  return (
    <section className="list-detail__section" aria-labelledby="list-history">
      <Typography.Title level={2} id="list-history" className="list-detail__title">
        History
      </Typography.Title>
      <ClinicalHistoryTable
        label="List history"
        state={table.state}
        onStateChange={table.onStateChange}
        page={history.data}
        isError={history.isError}
        loading={history.isFetching}
        action={(entry) => (
          <Button
            size="small"
            type="link"
            icon={<HistoryOutlined aria-hidden />}
            onClick={() => onViewAsOf(entry.changed_at.slice(0, 10))}
          >
            View as of {formatDate(entry.changed_at)}
          </Button>
        )}
      />
    </section>
  );
}

/** The 'view as of a date' control: a typed MM/DD/YYYY date, shown on Enter or View. */
function AsOfPicker({ value, onView }: { value: string | null; onView: (date: string) => void }) {
  const [typed, setTyped] = useState<string | null>(value);
  const valid = typed !== null && isIsoDate(typed) && typed <= todayUtc();
  return (
    <div className="list-detail__as-of">
      <label htmlFor="list-as-of">View as of</label>
      <DateInput
        id="list-as-of"
        className="list-detail__as-of-input"
        placeholder="MM/DD/YYYY"
        value={typed}
        onChange={setTyped}
        onPressEnter={() => valid && onView(typed)}
      />
      <Button disabled={!valid} onClick={() => valid && onView(typed)}>
        View
      </Button>
    </div>
  );
}

/**
 * /clinical/intervention/detail/{id} (spec 2 §2 "Clinical configuration"): the list's name with
 * an Inactive tag and the edit icon, who created and last changed it, its target drugs with
 * their alternatives, PBMs and condition settings, the change history, and the list as it stood
 * on a past date (?asOf=YYYY-MM-DD, clearly marked, nothing editable).
 */
export default function InterventionListDetailPage() {
  const { id = '' } = useParams();
  const valid = ID.test(id) && Number(id) <= MAX_ID;
  const listId = valid ? Number(id) : null;
  const [searchParams, setSearchParams] = useSearchParams();
  const asOfParam = searchParams.get('asOf');
  const asOf = asOfParam && isIsoDate(asOfParam) ? asOfParam : null;
  const list = useInterventionList(listId, asOf);
  const { can } = usePermissions();
  const [wizard, setWizard] = useState<{ step: ListWizardStep } | null>(null);
  usePageTitle(list.data?.name ?? 'Intervention Drug List');

  const viewAsOf = (date: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (date) next.set('asOf', date);
    else next.delete('asOf');
    setSearchParams(next);
    window.scrollTo({ top: 0 });
  };

  if (listId === null) return <NotFoundPage />;
  if (list.isError && hasStatus(list.error, 404) && !asOf) return <NotFoundPage />;
  const data = list.data;
  const crumbs = [
    { title: 'Intervention Drug Lists', to: CLINICAL_CONFIG_PATH },
    data?.name ?? '…',
  ];
  const pastView = asOf !== null;
  const editable = !pastView && can(EDIT);

  const pastBanner = pastView && (
    <Alert
      type="warning"
      showIcon
      className="list-detail__past"
      title={`Past view: this list as it stood at the end of ${formatDate(asOf)} (UTC)`}
      description="Nothing can be changed in a past view. The case counts are today's."
      action={<Button onClick={() => viewAsOf(null)}>Back to Today</Button>}
    />
  );

  if (list.isError) {
    const notYet = hasStatus(list.error, 404) && pastView;
    return (
      <ClinicalPageLayout breadcrumb={crumbs} title="Intervention Drug List">
        <Alert
          type="error"
          showIcon
          title={notYet ? CLINICAL_MESSAGES.notYetCreated : 'This list could not be loaded.'}
          description={notYet ? undefined : describeError(list.error).description}
          action={
            notYet ? (
              <Button onClick={() => viewAsOf(null)}>Back to Today</Button>
            ) : (
              <Button onClick={() => void list.refetch()}>Try Again</Button>
            )
          }
        />
      </ClinicalPageLayout>
    );
  }
  if (!data) {
    return (
      <ClinicalPageLayout breadcrumb={crumbs}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </ClinicalPageLayout>
    );
  }

  return (
    <ClinicalPageLayout
      breadcrumb={crumbs}
      title={
        <span className="list-detail__name">
          {data.name}
          {!data.is_active && <ListStatusTag isActive={false} />}
        </span>
      }
      extra={
        editable && (
          <Button
            icon={<EditOutlined aria-hidden />}
            aria-label="Edit List"
            title="Edit List"
            onClick={() => setWizard({ step: 0 })}
          />
        )
      }
    >
      {pastBanner}
      <dl className="list-detail__facts">
        {[
          ['Created', whoAndWhen(data.created_by_name, data.created_at)],
          ['ID', data.id],
          ['Last Updated', whoAndWhen(data.updated_by_name, data.updated_at)],
          ['Active Prospective Cases', data.prospective_cases],
          ['Active Retrospective Cases', data.retrospective_cases],
        ].map(([label, value]) => (
          <div key={label} className="list-detail__fact">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <AsOfPicker key={asOf ?? 'today'} value={asOf} onView={viewAsOf} />
      <TargetDrugs list={data} editable={editable} onAdd={() => setWizard({ step: 1 })} />
      <PbmsAndSettings list={data} />
      <ListHistory listId={data.id} onViewAsOf={viewAsOf} />
      {editable && (
        <ListWizard
          open={wizard !== null}
          mode="edit"
          listId={data.id}
          startStep={wizard?.step ?? 0}
          onClose={() => setWizard(null)}
        />
      )}
    </ClinicalPageLayout>
  );
}
