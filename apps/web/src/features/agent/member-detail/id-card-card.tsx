import { useMemo, useState } from 'react';
import { Alert, Button, Empty, Modal, Space, Spin, Typography } from 'antd';
import {
  MEMBER_CARD_SENDERS,
  MEMBER_DETAIL_TEXT,
  splitCoverages,
  todayIso,
  type Coverage,
} from '@pillar/domain';
import { PanelCard } from '../../../shared/page/panel-card.tsx';
import { usePermissions } from '../../../shared/permissions/user-access.ts';
import {
  TempCardDrawer,
  useCoverages,
  useRequestNewCard,
} from '../../../entities/coverage/index.ts';

/**
 * ID Card (spec 2 §2, §4 "Unlock, cards", §8): for each active coverage, the temp card (download
 * it, or e-mail a 24-hour link: the drawer shows 'Link sent! ...') and Request New Card, confirmed
 * first; once requested the button reads 'New Card Requested' and stays disabled. A failed
 * request shows the spec's text.
 */
export function IdCardCard({
  organizationNo,
  employeeNo,
}: {
  organizationNo: number;
  employeeNo: number;
}) {
  const { can } = usePermissions();
  const canSend = can({ anyOf: MEMBER_CARD_SENDERS });
  const coverages = useCoverages(organizationNo, employeeNo);
  const newCard = useRequestNewCard();
  const [cardFor, setCardFor] = useState<Coverage | null>(null);
  const [confirming, setConfirming] = useState<Coverage | null>(null);
  const [failedFor, setFailedFor] = useState<number | null>(null);
  const active = useMemo(
    () => splitCoverages(coverages.data?.data ?? [], todayIso()).active,
    [coverages.data],
  );
  const withCards = active.filter((c) => c.supportsTempCard || c.supportsNewCardRequest);

  const request = (coverage: Coverage) => {
    setFailedFor(null);
    newCard.mutate(
      { orgId: organizationNo, employeeId: employeeNo, coverageNo: coverage.coverageNo },
      { onError: () => setFailedFor(coverage.coverageNo) },
    );
  };

  return (
    <PanelCard block="agent-panel" title="ID Card">
      {coverages.isPending ? (
        <Spin aria-label="Loading ID cards" />
      ) : coverages.isError || withCards.length === 0 ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={MEMBER_DETAIL_TEXT.noPbmCoverage}
        />
      ) : (
        withCards.map((coverage) => {
          const requested =
            coverage.newCard ||
            (newCard.isSuccess && newCard.variables?.coverageNo === coverage.coverageNo);
          return (
            <section key={coverage.coverageNo} className="agent-id-card" aria-label={coverage.name}>
              <Typography.Text strong>{coverage.groupIdAndName}</Typography.Text>
              <Space wrap>
                {coverage.supportsTempCard && (
                  <Button onClick={() => setCardFor(coverage)}>Email / Download Temp Card</Button>
                )}
                {coverage.supportsNewCardRequest && canSend && (
                  <Button
                    disabled={requested}
                    loading={
                      newCard.isPending && newCard.variables?.coverageNo === coverage.coverageNo
                    }
                    onClick={() => setConfirming(coverage)}
                  >
                    {requested ? MEMBER_DETAIL_TEXT.newCardRequested : 'Request New Card'}
                  </Button>
                )}
              </Space>
              {failedFor === coverage.coverageNo && (
                <Alert
                  type="error"
                  showIcon
                  role="alert"
                  title={MEMBER_DETAIL_TEXT.newCardFailed}
                />
              )}
            </section>
          );
        })
      )}
      <Modal
        open={confirming !== null}
        title="Request New Card"
        okText="Request New Card"
        onOk={() => {
          if (confirming) request(confirming);
          setConfirming(null);
        }}
        onCancel={() => setConfirming(null)}
        destroyOnHidden
      >
        <p>
          Request a new ID card for {confirming?.groupIdAndName}? The card is mailed to the
          member&apos;s address on file.
        </p>
      </Modal>
      <TempCardDrawer
        organizationNo={organizationNo}
        employeeNo={employeeNo}
        coverage={cardFor}
        canEmail={canSend}
        onClose={() => setCardFor(null)}
      />
    </PanelCard>
  );
}
