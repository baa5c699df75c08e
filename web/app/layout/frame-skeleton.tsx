// What shows while the first page's code arrives: the frame's shape, nothing that moves later.
import { Skeleton } from '../../components/skeleton';

export function FrameSkeleton() {
  return (
    <>
      <header className="site-header">
        <div className="header-bar" />
      </header>
      <main className="page">
        <Skeleton label="Loading…" rows={3} avatar />
      </main>
    </>
  );
}
