// The API reference for programmers, rendered from the service's OpenAPI document.
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { ErrorMessage } from '../../../components/error-message';
import { Skeleton } from '../../../components/skeleton';
import { apiReferenceQueries } from '../api/api-reference-queries';
import { EndpointBrowser } from './endpoint-browser';
import { ReferenceIntro } from './reference-intro';

export function ApiReference({ network }: { network: string }) {
  const reference = useQuery(apiReferenceQueries.document());
  const { hash } = useLocation();

  // A shared link to one operation (`#get-BlogPost-recent`) arrives before the document does,
  // so the browser had nothing to scroll to yet.
  useEffect(() => {
    if (reference.isSuccess && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [reference.isSuccess, hash]);

  if (reference.isPending) return <Skeleton label="Loading the API reference…" rows={3} lines={3} />;
  if (reference.isError) {
    return <ErrorMessage error={reference.error} title="The API reference could not be loaded." retry={() => void reference.refetch()} />;
  }
  return (
    <>
      <ReferenceIntro doc={reference.data} network={network} />
      <EndpointBrowser doc={reference.data} />
    </>
  );
}
