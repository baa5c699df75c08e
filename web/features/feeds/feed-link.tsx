// Points feed readers at a page's Atom feed (GET BlogPost/feed): a <link rel="alternate">,
// which React hoists into the document's head. A private network has no feeds.
import { useQuery } from '@tanstack/react-query';
import { restUrl } from '../../lib/api-client';
import { networkQueries } from '../network/api/network-queries';

export function FeedLink({ network, title, tag, author }: { network: string; title: string; tag?: string; author?: string }) {
  const details = useQuery(networkQueries.detail(network)).data;
  if (!details || details.isPrivate) return null;
  return <link rel="alternate" type="application/atom+xml" title={title} href={restUrl(network, 'BlogPost/feed', { tag, author })} />;
}
