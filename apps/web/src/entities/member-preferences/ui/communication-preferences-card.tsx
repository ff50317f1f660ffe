import { useState } from 'react';
import { Alert, Button, Descriptions, Empty, Spin, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import {
  CONFIDENTIALITY_OPTIONS,
  PERMISSIONS,
  formatPreferencePhone,
  type CommsPref,
} from '@pillar/domain';
import { PanelCard } from '../../../shared/page/panel-card.tsx';
import { EmailAddress } from '../../../shared/text/email-address.tsx';
import { usePermissions } from '../../../shared/permissions/user-access.ts';
import { useCommunicationPref } from '../api/communication-preferences.ts';
import { useConfidentiality } from '../api/confidentiality.ts';
import { CommunicationPreferencesDrawer } from './communication-preferences-drawer.tsx';
import './communication-preferences.css';

export interface CommunicationPreferencesCardProps {
  orgId: number;
  employeeNo: number;
  /** The dependent whose preferences are shown; none for the member. */
  dependentNo?: number | null;
  /** The member's or dependent's birth date (YYYY-MM-DD): the confidentiality lookup needs it. */
  birthDate: string;
  isDependent: boolean;
  /** The member's or dependent's name, sent with an update. */
  names?: string;
}

const OPT_IN_LABELS: [keyof CommsPref, string][] = [
  ['smsOpted', 'SMS'],
  ['callOpted', 'Call'],
  ['voiceMailOpted', 'Voicemail'],
  ['emailOpted', 'Email'],
];

function OptInTags({ optIns }: { optIns: CommsPref }) {
  const on = OPT_IN_LABELS.filter(([flag]) => optIns[flag]);
  if (on.length === 0) return <>None</>;
  return (
    <span className="comm-pref__tags">
      {on.map(([flag, label]) => (
        <Tag key={flag} color="blue">
          {label}
        </Tag>
      ))}
    </span>
  );
}

function confidentialityLabel(value: 0 | 1 | null | undefined): string {
  return CONFIDENTIALITY_OPTIONS.find((o) => o.value === value)?.label ?? 'Not selected';
}

/**
 * The member detail's left-column Communication Preferences (spec 2 §2): phone, e-mail, the
 * opt-ins, a dependent's confidentiality, and who last updated them; Edit (with
 * agent-manage-preferences) opens the drawer. Usage:
 *   <CommunicationPreferencesCard orgId={org} employeeNo={no} dependentNo={dep}
 *     birthDate={birthdate} isDependent={dep != null} names="Ana Ruiz" />
 */
export function CommunicationPreferencesCard(props: CommunicationPreferencesCardProps) {
  const { orgId, employeeNo, dependentNo, birthDate, isDependent } = props;
  const { can } = usePermissions();
  const canEdit = can({ allOf: [PERMISSIONS.agentManagePreferences] });
  const [editing, setEditing] = useState(false);
  const communication = useCommunicationPref({ orgId, employeeNo, dependentNo });
  const confidentiality = useConfidentiality({
    orgId,
    employeeNo,
    dependentNo: isDependent ? dependentNo : null,
    birthDate,
  });
  const details = communication.data;
  const loading = communication.isPending || (isDependent && confidentiality.isPending);

  return (
    <PanelCard block="agent-panel" className="comm-pref-card" title="Communication Preferences">
      {loading ? (
        <Spin aria-label="Loading communication preferences" />
      ) : communication.isError ? (
        <Alert type="error" showIcon title="Communication preferences could not be loaded." />
      ) : (
        <>
          {details ? (
            <Descriptions
              column={1}
              size="small"
              items={[
                {
                  key: 'phone',
                  label: 'Phone',
                  children: formatPreferencePhone(details.phoneNumber) || '—',
                },
                {
                  key: 'email',
                  label: 'Email',
                  children:
                    details.emailAddress === null ? (
                      '—'
                    ) : (
                      <EmailAddress address={details.emailAddress} />
                    ),
                },
                {
                  key: 'opt-ins',
                  label: 'Opted in',
                  children: <OptInTags optIns={details.commsPref} />,
                },
                {
                  key: 'updated',
                  label: 'Last updated',
                  children: `${details.lastUpdatedBy} (${details.source}), ${new Date(
                    details.lastUpdateTime,
                  ).toLocaleDateString('en-US')}`,
                },
              ]}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No data available" />
          )}
          {isDependent ? (
            <Typography.Paragraph style={{ margin: '8px 0 0' }}>
              Confidentiality:{' '}
              <Typography.Text strong>
                {confidentialityLabel(confidentiality.data?.isConfidential)}
              </Typography.Text>
            </Typography.Paragraph>
          ) : null}
        </>
      )}
      {canEdit ? (
        // Below the details, not in the card's head: the narrow left column needs the whole
        // head for the title.
        <Button
          className="comm-pref-card__edit"
          icon={<EditOutlined />}
          disabled={loading || communication.isError}
          onClick={() => setEditing(true)}
        >
          Edit
        </Button>
      ) : null}
      {editing ? (
        <CommunicationPreferencesDrawer
          open
          onClose={() => setEditing(false)}
          orgId={orgId}
          employeeNo={employeeNo}
          dependentNo={dependentNo}
          isDependent={isDependent}
          details={details}
          isConfidential={confidentiality.data?.isConfidential ?? null}
          names={props.names ?? details?.names}
        />
      ) : null}
    </PanelCard>
  );
}
