import { Spin } from 'antd';

export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <Spin />
      <span className="sr-only">{label}</span>
    </div>
  );
}
