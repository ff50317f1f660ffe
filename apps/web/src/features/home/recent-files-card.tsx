import { FileTextOutlined } from '@ant-design/icons';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { PERMISSIONS, formatDate } from '@pillar/domain';
import { useListFiles } from '../../entities/file/index.ts';
import { usePermissions } from '../../shared/permissions/user-access.ts';

/** Spec 1 §9: the home files list shows 5. */
export const RECENT_FILES_PAGE_SIZE = 5;

/**
 * GET {portal}/files, newest first: the files list's own call and cache entries (`fileKeys`), so
 * opening the list after home costs nothing and an upload refreshes both.
 */
function useRecentFiles(page: number, enabled: boolean) {
  return useListFiles(
    {
      limit: RECENT_FILES_PAGE_SIZE,
      offset: (page - 1) * RECENT_FILES_PAGE_SIZE,
      sort: 'created:desc',
    },
    enabled,
  );
}

function localDate(instant: string): string {
  const date = new Date(instant);
  const pad = (n: number) => String(n).padStart(2, '0');
  return formatDate(`${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`);
}

// Dark gold on a light fill: antd's gold preset misses AA contrast at this size.
const PHI_STYLE = {
  display: 'inline-block',
  marginInlineStart: 8,
  padding: '0 7px',
  fontSize: 12,
  lineHeight: '20px',
  fontWeight: 600,
  color: '#6b3d00',
  background: '#fffbe6',
  border: '1px solid #ffd666',
  borderRadius: 4,
} as const;
const CELL = { padding: '8px 8px', borderBottom: '1px solid #f0f0f0', textAlign: 'left' } as const;
const HEAD = { ...CELL, fontWeight: 600, background: '#fafafa' } as const;

/**
 * The home dashboard's Files card (spec 1 §2): the five most recent files the user may see,
 * with Name (gold PHI tag), Uploaded By and Date; pagination only when there is a second page.
 * Plain elements in the home cards' look: the home page is the first page, kept light.
 */
export function RecentFilesCard() {
  const { can } = usePermissions();
  const allowed = can({ allOf: [PERMISSIONS.viewFiles] });
  const [page, setPage] = useState(1);
  const files = useRecentFiles(page, allowed);
  const headingId = useId();
  if (!allowed) return null;

  const total = files.data?.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / RECENT_FILES_PAGE_SIZE));

  let body;
  if (files.isPending) {
    body = (
      <p className="home-card__note" aria-busy="true">
        Loading your files…
      </p>
    );
  } else if (files.isError) {
    body = (
      <p className="home-card__note">
        Your files could not be loaded. <Link to="/files">Open the files list</Link>.
      </p>
    );
  } else if (total === 0) {
    body = <p className="home-card__note">No files have been shared with you yet.</p>;
  } else {
    body = (
      <>
        <table style={{ width: '100%', borderCollapse: 'collapse' }} aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col" style={HEAD}>
                Name
              </th>
              <th scope="col" style={HEAD}>
                Uploaded By
              </th>
              <th scope="col" style={HEAD}>
                Date
              </th>
            </tr>
          </thead>
          <tbody>
            {files.data.data.map((file) => (
              <tr key={file.id}>
                <td style={CELL}>
                  <Link to={`/files/${file.id}`} style={{ textDecoration: 'underline' }}>
                    {file.name}
                  </Link>
                  {file.phi && (
                    <span style={PHI_STYLE} title="Contains protected health information">
                      PHI
                    </span>
                  )}
                </td>
                <td style={CELL}>{file.createdByName}</td>
                <td style={{ ...CELL, whiteSpace: 'nowrap' }}>{localDate(file.created)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="home-card__actions">
          {pages > 1 ? (
            <nav
              aria-label="Recent files pages"
              style={{ display: 'flex', gap: 8, alignItems: 'center' }}
            >
              <button
                type="button"
                className="home-button"
                disabled={page <= 1}
                style={{
                  opacity: page <= 1 ? 0.5 : 1,
                  cursor: page <= 1 ? 'not-allowed' : 'pointer',
                }}
                onClick={() => setPage((p) => p - 1)}
              >
                Previous
              </button>
              <span aria-live="polite">
                Page {page} of {pages}
              </span>
              <button
                type="button"
                className="home-button"
                disabled={page >= pages}
                style={{
                  opacity: page >= pages ? 0.5 : 1,
                  cursor: page >= pages ? 'not-allowed' : 'pointer',
                }}
                onClick={() => setPage((p) => p + 1)}
              >
                Next
              </button>
            </nav>
          ) : (
            <span />
          )}
          <Link to="/files" className="home-button home-button--primary">
            All Files
          </Link>
        </div>
      </>
    );
  }

  return (
    <section className="home-card" aria-labelledby={headingId}>
      <header className="home-card__header">
        <span className="home-card__icon" aria-hidden>
          <FileTextOutlined />
        </span>
        <h2 id={headingId} className="home-card__title">
          Files
        </h2>
        {total > 0 && (
          <span className="home-card__subtitle">
            {total.toLocaleString('en-US')} {total === 1 ? 'file' : 'files'}
          </span>
        )}
      </header>
      <div className="home-card__body">{body}</div>
    </section>
  );
}
