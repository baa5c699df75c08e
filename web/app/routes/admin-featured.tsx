// What is featured now, with Unfeature.
import { FeaturedAdmin } from '../../features/admin/components/featured-admin';
import { PageTitle } from '../../features/network/components/page-title';
import { useNetwork } from '../use-network';

export default function AdminFeaturedPage() {
  const network = useNetwork();
  return (
    <>
      <PageTitle title="Featured" />
      <h1>Featured</h1>
      <p className="lede">What the front page and the featured lists show now, most recently featured first. Feature more from any post, photo or member.</p>
      <FeaturedAdmin network={network} />
    </>
  );
}
