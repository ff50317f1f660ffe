import type { ReactNode } from 'react';
import { ArrowRightOutlined } from '@ant-design/icons';
import './table-scroll-frame.css';

export interface TableScrollFrameProps {
  /** An antd Table with `scroll={{ x: ... }}`, best with its first column `fixed: 'start'`. */
  children: ReactNode;
  /** The caller's own class for rules of its table alone. */
  className?: string;
}

/**
 * The frame of a table that may be wider than its box (decision 0094: generic, no area's
 * names): a clear shadow on the edge that hides columns, and the line 'Scroll the table
 * sideways to see every column' above it, shown only while the table overflows. Both follow
 * antd's own shadow classes, which it sets on the side that has more to show, so nothing is
 * measured here.
 */
export function TableScrollFrame({ children, className }: TableScrollFrameProps) {
  return (
    <div className={className ? `table-scroll-frame ${className}` : 'table-scroll-frame'}>
      <p className="table-scroll-frame__hint" aria-hidden="true">
        Scroll the table sideways to see every column <ArrowRightOutlined />
      </p>
      {children}
    </div>
  );
}
