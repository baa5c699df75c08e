// Grey shapes where content is on its way, so the page does not jump when it arrives.
// Assistive technology hears one "Loading …" instead of the shapes.

type Props = {
  /** What is loading, in words: "Loading posts…". */
  label: string;
  /** How many items the shapes stand for. */
  rows?: number;
  lines?: number;
  avatar?: boolean;
  /** A page's title above the rows, where its heading will be. */
  heading?: boolean;
  /** A photo's or a video's frame above the title's lines (the classes of its shape). */
  frame?: string;
  /**
   * With a frame: the classes of a page's header the shapes stand in, which lays them out as it
   * lays out what arrives (a profile's icon beside the name, or above it on a phone): the frame,
   * the title, a line of details and a button's place.
   */
  header?: string;
};

export function Skeleton({ label, rows = 1, lines = 3, avatar = false, heading = false, frame, header }: Props) {
  if (frame) {
    return (
      <div className="skeleton" role="status">
        <span className="visually-hidden">{label}</span>
        <div aria-hidden="true" className={header}>
          <span className={`${frame} skeleton-tile`} />
          <div className="skeleton-lines">
            <span className={header ? 'skeleton-line skeleton-heading' : 'skeleton-line'} style={{ width: '60%' }} />
            <span className="skeleton-line" style={{ width: '35%' }} />
            {header ? <span className="skeleton-line skeleton-button" /> : null}
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className="skeleton" role="status">
      <span className="visually-hidden">{label}</span>
      {heading ? <span aria-hidden="true" className="skeleton-line skeleton-heading" /> : null}
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} aria-hidden="true" className="skeleton-row">
          {avatar ? <span className="skeleton-avatar" /> : null}
          <div className="skeleton-lines">
            {Array.from({ length: lines }, (_, line) => (
              <span key={line} className="skeleton-line" style={{ width: `${line === 0 ? 65 : 95 - line * 10}%` }} />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
