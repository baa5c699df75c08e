// The member directory: A to Z or newest first, paged, in the URL.
import { useSearchParams } from 'react-router-dom';
import { MemberDirectory } from '../../features/members/components/member-directory';
import { PageTitle } from '../../features/network/components/page-title';
import { useNetwork } from '../use-network';

export default function MembersPage() {
  const network = useNetwork();
  const [search] = useSearchParams();
  return (
    <>
      <PageTitle title="Members" />
      <h1>Members</h1>
      <MemberDirectory network={network} search={search} />
    </>
  );
}
