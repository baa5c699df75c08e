// The operations by resource, with a filter that keeps its words in the URL (`?q=`) so a
// filtered view can be shared like the anchors of single operations.
import { useDeferredValue, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { OpenApiDocument } from '../api/openapi-types';
import { matchesFilter, operationGroups } from '../openapi';
import { InlineMarkdown } from './markdown-text';
import { OperationEntry } from './operation-entry';

export function EndpointBrowser({ doc }: { doc: OpenApiDocument }) {
  const groups = useMemo(() => operationGroups(doc), [doc]);
  const [search, setSearch] = useSearchParams();
  // The field keeps its own state so typing stays smooth while the URL follows it.
  const [filter, setFilter] = useState(search.get('q') ?? '');
  const deferredFilter = useDeferredValue(filter);
  const shown = useMemo(
    () =>
      groups
        .map((group) => ({ ...group, operations: group.operations.filter((entry) => matchesFilter(entry, deferredFilter)) }))
        .filter((group) => group.operations.length > 0),
    [groups, deferredFilter],
  );
  const total = groups.reduce((sum, group) => sum + group.operations.length, 0);
  const matching = shown.reduce((sum, group) => sum + group.operations.length, 0);

  const changeFilter = (value: string) => {
    setFilter(value);
    setSearch(
      (current) => {
        if (value) current.set('q', value);
        else current.delete('q');
        return current;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return (
    <section aria-labelledby="endpoints">
      <h2 id="endpoints">Endpoints</h2>
      <div className="endpoint-filter">
        <label htmlFor="endpoint-filter">Find an endpoint</label>
        <input
          id="endpoint-filter"
          type="search"
          value={filter}
          placeholder="BlogPost/recent"
          onChange={(event) => changeFilter(event.target.value)}
        />
        <p role="status" className="meta">
          {matching === total ? `${total} endpoints` : `${matching} of ${total} endpoints match`}
        </p>
      </div>
      {shown.length > 0 ? (
        <nav aria-label="Resources">
          <ul className="tags">
            {shown.map((group) => (
              <li key={group.name}>
                <a className="tag" href={`#${group.anchor}`}>
                  {group.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : (
        <p>No endpoint matches “{deferredFilter}”.</p>
      )}
      {shown.map((group) => (
        <section key={group.name} className="resource" aria-labelledby={group.anchor}>
          <h3 id={group.anchor}>{group.name}</h3>
          {group.description ? (
            <p>
              <InlineMarkdown text={group.description} />
            </p>
          ) : null}
          {group.operations.map((entry) => (
            <OperationEntry key={entry.anchor} doc={doc} entry={entry} />
          ))}
        </section>
      ))}
    </section>
  );
}
