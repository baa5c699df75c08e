import { useSearchParams } from 'react-router-dom';
import { paths, safeNext } from '../lib/paths';
import { useNetwork } from './use-network';

/** Where to go after signing in or up: the page the visitor came from (`?next=`), else the front page. */
export function useNextPath(): string {
  const network = useNetwork();
  const [search] = useSearchParams();
  return safeNext(search.get('next'), paths.home(network));
}
