import { Fragment } from 'react';

/**
 * An e-mail address or URL that may wrap only at its natural joints: after @, dots, slashes,
 * ?, & and = (a <wbr> each), never in the middle of a name part, unless one part alone is
 * wider than its box (overflow-wrap: break-word).
 */
export function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=[@./?&=])/);
  return (
    <span className="text-wrap-joints">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
