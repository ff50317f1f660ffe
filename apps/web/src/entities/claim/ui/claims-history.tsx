import {
  Alert,
  Space,
  Table,
  Tag,
  Typography,
  type TablePaginationConfig,
  type TableProps,
} from 'antd';
import { useState } from 'react';
import {
  BRAND_GENERIC_LABELS,
  CLAIM_CHANNEL_LABELS,
  CLAIM_STATUS_LABELS,
  DEFAULT_PAGE_SIZE,
  NO_PBM_COVERAGE,
  PAGE_SIZE_OPTIONS,
  formatDate,
  formatNdc,
  formatUsd,
  offsetOfPage,
  pbmBrowserNote,
  type ClaimSortField,
  type ClaimStatus,
  type PharmacyClaim,
} from '@pillar/domain';
import { describeError } from '../../../shared/notifications/notify.ts';
import { useClaimsHistory, usePbmLinks } from '../api/claims-history.ts';

type Sort = { field: ClaimSortField; direction: 'asc' | 'desc' } | null;
type Sorter = Parameters<NonNullable<TableProps<PharmacyClaim>['onChange']>>[2];

// Dark text on light fills, as the status tags elsewhere (antd's presets fall under AA contrast).
const STATUS_STYLES: Record<ClaimStatus, { color: string; background: string; border: string }> = {
  paid: { color: '#135200', background: '#f6ffed', border: '#b7eb8f' },
  reversed: { color: '#873800', background: '#fff7e6', border: '#ffd591' },
  rejected: { color: '#a8071a', background: '#fff1f0', border: '#ffa39e' },
};

function ClaimStatusTag({ status }: { status: ClaimStatus }) {
  const style = STATUS_STYLES[status];
  return (
    <Tag
      variant="outlined"
      style={{ color: style.color, background: style.background, borderColor: style.border }}
    >
      {CLAIM_STATUS_LABELS[status]}
    </Tag>
  );
}

export interface ClaimsHistoryProps {
  orgId: number;
  /** The employee's number; the claims are theirs unless dependentNo names a dependent. */
  employeeNo: number;
  dependentNo?: number | undefined;
}

/**
 * The member detail's Claims History tab (issue 12): the PBM claim links in the spec's preferred
 * order with the browser each needs, then the member's pharmacy claims, server-paged and
 * sortable, 'No data' when there are none. H12F places it:
 *
 *   <ClaimsHistory orgId={orgId} employeeNo={employeeNo} dependentNo={dependentNo} />
 */
export function ClaimsHistory({ orgId, employeeNo, dependentNo }: ClaimsHistoryProps) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<Sort>(null);
  const claims = useClaimsHistory(orgId, employeeNo, {
    limit: pageSize,
    offset: offsetOfPage(page, pageSize),
    ...(sort ? { sort: `${sort.field}:${sort.direction}` } : {}),
    ...(dependentNo === undefined ? {} : { dependentNo }),
  });

  const sortable = (field: ClaimSortField) => ({
    key: field,
    sorter: true,
    sortDirections: ['ascend', 'descend'] as ('ascend' | 'descend')[],
    sortOrder:
      sort?.field === field
        ? sort.direction === 'asc'
          ? ('ascend' as const)
          : ('descend' as const)
        : null,
  });

  const onChange = (pagination: TablePaginationConfig, _filters: unknown, sorter: Sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const next: Sort = single?.order
      ? {
          field: String(single.columnKey) as ClaimSortField,
          direction: single.order === 'descend' ? 'desc' : 'asc',
        }
      : null;
    const size = pagination.pageSize ?? pageSize;
    const changed = JSON.stringify(next) !== JSON.stringify(sort) || size !== pageSize;
    setSort(next);
    setPageSize(size);
    setPage(changed ? 1 : (pagination.current ?? 1));
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <PbmClaimLinks orgId={orgId} employeeNo={employeeNo} />
      {claims.isError && (
        <Alert
          type="error"
          showIcon
          title="The claims could not be loaded."
          description={describeError(claims.error).description}
        />
      )}
      <Table<PharmacyClaim>
        rowKey="claimNo"
        size="small"
        aria-label="Claims history"
        loading={claims.isFetching}
        dataSource={claims.data?.data ?? []}
        onChange={onChange}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No data' }}
        pagination={{
          current: page,
          pageSize,
          // A failed page shows no count (spec 2 §8).
          total: claims.isError ? 0 : (claims.data?.totalCount ?? 0),
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          showTotal: (count) => `${count} claims`,
        }}
        columns={[
          {
            title: 'Fill Date',
            dataIndex: 'fillDate',
            ...sortable('fillDate'),
            render: (date: string) => formatDate(date),
          },
          { title: 'Rx Number', dataIndex: 'rxNumber', ...sortable('rxNumber') },
          { title: 'Drug Name', dataIndex: 'drugName', ...sortable('drugName') },
          {
            title: 'NDC',
            dataIndex: 'ndc',
            ...sortable('ndc'),
            render: (ndc: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatNdc(ndc)}</span>,
          },
          { title: 'Quantity', dataIndex: 'quantity', align: 'right', ...sortable('quantity') },
          {
            title: 'Days Supply',
            dataIndex: 'daysSupply',
            align: 'right',
            ...sortable('daysSupply'),
          },
          {
            title: 'Pharmacy',
            dataIndex: 'pharmacyName',
            ...sortable('pharmacyName'),
            render: (name: string, claim) => (
              <span>
                {name}
                <br />
                <Typography.Text type="secondary">NPI {claim.pharmacyNpi}</Typography.Text>
              </span>
            ),
          },
          {
            title: 'Channel',
            dataIndex: 'channel',
            ...sortable('channel'),
            render: (channel: PharmacyClaim['channel']) => CLAIM_CHANNEL_LABELS[channel],
          },
          {
            title: 'Brand/Generic',
            dataIndex: 'brandGeneric',
            ...sortable('brandGeneric'),
            render: (value: PharmacyClaim['brandGeneric']) => BRAND_GENERIC_LABELS[value],
          },
          {
            title: 'Status',
            dataIndex: 'status',
            ...sortable('status'),
            render: (status: ClaimStatus) => <ClaimStatusTag status={status} />,
          },
          {
            title: 'Member Paid',
            dataIndex: 'memberPaid',
            align: 'right',
            ...sortable('memberPaid'),
            render: (amount: string) => formatUsd(amount),
          },
          {
            title: 'Plan Paid',
            dataIndex: 'planPaid',
            align: 'right',
            ...sortable('planPaid'),
            render: (amount: string) => formatUsd(amount),
          },
        ]}
      />
    </Space>
  );
}

/** The member's PBM claim systems, each with the browser it needs (spec 2 §9). */
export function PbmClaimLinks({ orgId, employeeNo }: { orgId: number; employeeNo: number }) {
  const links = usePbmLinks(orgId, employeeNo);
  if (links.isPending) return null;
  if (links.isError || links.data.links.length === 0) {
    return <Typography.Text type="secondary">{NO_PBM_COVERAGE}</Typography.Text>;
  }
  return (
    <nav aria-label="PBM claim links">
      <Space wrap size="large">
        {links.data.links.map((link) => (
          <span key={link.name}>
            <Typography.Link href={link.url} target="_blank" rel="noopener noreferrer">
              {link.name}
            </Typography.Link>{' '}
            <Typography.Text type="secondary">({pbmBrowserNote(link.pbm)})</Typography.Text>
          </span>
        ))}
      </Space>
    </nav>
  );
}
