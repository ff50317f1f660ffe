import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Skeleton, Table, Typography } from 'antd';
import { PERMISSIONS as P, type ConditionDrug, type DrugDetail } from '@pillar/domain';
import { useState } from 'react';
import { useParams } from 'react-router';
import { DrugSearchSelect } from '../../entities/drug/index.ts';
import {
  useAddConditionDrug,
  useConditionDrugs,
  useHealthCondition,
  useHealthConditionHistory,
  useRemoveConditionDrug,
} from '../../entities/health-condition/index.ts';
import { hasStatus } from '../../shared/api/api-error.ts';
import { describeError, notifyError, notifySuccess } from '../../shared/notifications/notify.ts';
import { useConfirmAction } from '../../shared/page/confirm-action.tsx';
import { usePageTitle } from '../../shared/page/use-page-title.ts';
import { NotFoundPage } from '../../shared/pages/not-found-page.tsx';
import { PermissionGate } from '../../shared/permissions/permission-gate.tsx';
import { usePermissions } from '../../shared/permissions/user-access.ts';
import { usePagedTableState } from '../../shared/search-table/paged-table.tsx';
import { TableScrollFrame } from '../../shared/table-scroll/table-scroll-frame.tsx';
import { whoAndWhen } from './clinical-audit.ts';
import { ClinicalHistoryTable } from './clinical-history-table.tsx';
import { ClinicalPageLayout } from './clinical-page-layout.tsx';
import { ConditionEditModal } from './condition-edit-modal.tsx';

const EDIT = { allOf: [P.clinicalEdit] } as const;
const ID = /^[1-9]\d{0,9}$/;
const CONDITIONS_TAB = '/clinical/config/conditions';

/** Add a drug: find it with the drug search, then Add Drug. */
function AddConditionDrug({ conditionId, taken }: { conditionId: number; taken: string[] }) {
  const [chosen, setChosen] = useState<DrugDetail | null>(null);
  const add = useAddConditionDrug(conditionId);
  async function addChosen() {
    if (!chosen?.gpi_10) return;
    try {
      await add.mutateAsync(chosen.gpi_10);
      notifySuccess('Drug Added');
      setChosen(null);
    } catch (error) {
      notifyError(error, 'Add Drug');
    }
  }
  return (
    <div className="condition-add-drug">
      <label htmlFor="condition-drug-search" className="condition-add-drug__label">
        Find a drug to add
      </label>
      <div className="condition-add-drug__row">
        <DrugSearchSelect
          id="condition-drug-search"
          value={chosen?.gpi_10 ?? null}
          excludeCodes={taken}
          onChange={(_code, drug) => setChosen(drug)}
        />
        <Button
          type="primary"
          icon={<PlusOutlined aria-hidden />}
          disabled={!chosen}
          loading={add.isPending}
          onClick={() => void addChosen()}
        >
          Add Drug
        </Button>
      </div>
    </div>
  );
}

/** The condition's drugs, each removable (with confirmation) by clinicalEdit holders. */
function ConditionDrugs({ conditionId }: { conditionId: number }) {
  const { can } = usePermissions();
  const drugs = useConditionDrugs(conditionId);
  const remove = useRemoveConditionDrug(conditionId);
  const [confirm, holder] = useConfirmAction();

  async function removeDrug(drug: ConditionDrug) {
    const ok = await confirm({
      title: 'Remove this drug?',
      content: `${drug.drug_code} ${drug.drug_name} will no longer belong to this condition.`,
      action: 'Remove Drug',
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(drug.id);
      notifySuccess('Drug Removed');
    } catch (error) {
      notifyError(error, 'Remove Drug');
    }
  }

  const rows = drugs.data?.data ?? [];
  return (
    <section aria-labelledby="condition-drugs-heading" className="condition-section">
      {holder}
      <Typography.Title level={2} id="condition-drugs-heading" className="condition-section__title">
        Drugs
      </Typography.Title>
      <PermissionGate rule={EDIT}>
        <AddConditionDrug conditionId={conditionId} taken={rows.map((d) => d.drug_code)} />
      </PermissionGate>
      {drugs.isError ? (
        <Alert
          type="error"
          showIcon
          title="The condition's drugs could not be loaded."
          description={describeError(drugs.error).description}
          action={<Button onClick={() => void drugs.refetch()}>Try Again</Button>}
        />
      ) : (
        <TableScrollFrame>
          <Table<ConditionDrug>
            rowKey="id"
            size="middle"
            loading={drugs.isFetching}
            dataSource={rows}
            locale={{ emptyText: 'No data' }}
            pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
            scroll={{ x: 640 }}
            columns={[
              { title: 'Drug Code', dataIndex: 'drug_code', width: 130, fixed: 'start' },
              { title: 'Drug Name', dataIndex: 'drug_name' },
              {
                title: 'Added',
                key: 'added',
                render: (_, d) => whoAndWhen(d.created_by_name, d.created_at),
              },
              ...(can(EDIT)
                ? [
                    {
                      title: 'Actions',
                      key: 'actions',
                      width: 120,
                      render: (_: unknown, d: ConditionDrug) => (
                        <Button
                          size="small"
                          danger
                          icon={<DeleteOutlined aria-hidden />}
                          aria-label={`Remove ${d.drug_code} ${d.drug_name}`}
                          onClick={() => void removeDrug(d)}
                        >
                          Remove
                        </Button>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </TableScrollFrame>
      )}
    </section>
  );
}

/** Every change to the condition: who, when, what (newest first, paged by the server). */
function ConditionHistory({ conditionId }: { conditionId: number }) {
  const table = usePagedTableState();
  const history = useHealthConditionHistory(conditionId, {
    limit: table.query.limit,
    offset: table.query.offset,
  });
  return (
    <section aria-labelledby="condition-history-heading" className="condition-section">
      <Typography.Title
        level={2}
        id="condition-history-heading"
        className="condition-section__title"
      >
        History
      </Typography.Title>
      <ClinicalHistoryTable
        label="History of the condition"
        state={table.state}
        onStateChange={table.onStateChange}
        page={history.data}
        isError={history.isError}
        loading={history.isFetching}
      />
    </section>
  );
}

/**
 * /clinical/conditions/detail/{id} (spec 2 §2 "Clinical configuration"): breadcrumb Protect CDS
 * > Configuration > Conditions > name; the condition's name with Edit (clinicalEdit, the modal,
 * confirmed), who created and last changed it, its drugs (added from the drug search, removed
 * with confirmation) and the history of its changes.
 */
export default function ConditionDetailPage() {
  const { id = '' } = useParams();
  const valid = ID.test(id) && Number(id) <= 2_147_483_647;
  const conditionId = valid ? Number(id) : 0;
  const condition = useHealthCondition(conditionId, valid);
  const [editing, setEditing] = useState(false);
  usePageTitle(condition.data?.name ?? 'Condition');

  if (!valid) return <NotFoundPage />;
  if (condition.isError && hasStatus(condition.error, 404)) return <NotFoundPage />;
  const data = condition.data;
  const crumbs = [{ title: 'Conditions', to: CONDITIONS_TAB }, data?.name ?? '…'];

  if (condition.isError) {
    return (
      <ClinicalPageLayout breadcrumb={crumbs} title="Condition">
        <Alert
          type="error"
          showIcon
          title="This condition could not be loaded."
          description={describeError(condition.error).description}
          action={<Button onClick={() => void condition.refetch()}>Try Again</Button>}
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
      title={data.name}
      extra={
        <PermissionGate rule={EDIT}>
          <Button icon={<EditOutlined aria-hidden />} onClick={() => setEditing(true)}>
            Edit Condition
          </Button>
        </PermissionGate>
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        items={[
          { key: 'id', label: 'ID', children: data.id },
          {
            key: 'created',
            label: 'Created',
            children: whoAndWhen(data.created_by_name, data.created_at),
          },
          {
            key: 'updated',
            label: 'Last Updated',
            children: whoAndWhen(data.updated_by_name, data.updated_at),
          },
        ]}
      />
      <ConditionDrugs conditionId={data.id} />
      <ConditionHistory conditionId={data.id} />
      <ConditionEditModal open={editing} condition={data} onClose={() => setEditing(false)} />
    </ClinicalPageLayout>
  );
}
