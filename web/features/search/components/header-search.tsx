// The search box in the header: words typed there open the search page with its results.
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../lib/paths';

export function HeaderSearch({ network }: { network: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const onSearchPage = location.pathname.endsWith('/search');
  const current = onSearchPage ? (params.get('q') ?? '') : '';
  const [words, setWords] = useState(current);
  // The box shows what the search page is showing, and empties when the member leaves it.
  useEffect(() => setWords(current), [current]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = words.trim();
    const type = onSearchPage ? (params.get('type') ?? undefined) : undefined;
    const to = paths.search(network, q);
    navigate(type ? `${to}${to.includes('?') ? '&' : '?'}type=${encodeURIComponent(type)}` : to);
  };

  return (
    <form role="search" className="header-search" onSubmit={submit}>
      <input
        type="search"
        name="q"
        aria-label="Search"
        placeholder="Search"
        maxLength={200}
        value={words}
        onChange={(e) => setWords(e.target.value)}
      />
    </form>
  );
}
