import { Fragment } from 'react';
import './email-address.css';

/** The address's pieces, each '.' ending one, so a line may break after a dot. */
function dotted(part: string) {
  const pieces = part.split('.');
  return pieces.map((piece, i) => (
    <Fragment key={i}>
      {piece}
      {i < pieces.length - 1 && (
        <>
          .<wbr />
        </>
      )}
    </Fragment>
  ));
}

/**
 * An e-mail address that wraps at sensible points in a narrow box: first after the '@' (local
 * part and domain each stay whole while they fit the line), then after a '.', and only if one
 * piece is still wider than the box anywhere inside it, so nothing is ever cut off. The text
 * (copied or read by a screen reader) is the address unchanged.
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@');
  if (at < 0) return <span className="email-address__part">{dotted(address)}</span>;
  return (
    <span className="email-address">
      <span className="email-address__part">{dotted(address.slice(0, at + 1))}</span>
      <wbr />
      <span className="email-address__part">{dotted(address.slice(at + 1))}</span>
    </span>
  );
}
