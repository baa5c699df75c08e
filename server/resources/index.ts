// Every REST endpoint of the service, one route table per resource.
import type { Endpoint } from '../http/endpoint';
import { blogPostEndpoints } from './blog-posts/routes';
import { commentEndpoints } from './comments/routes';
import { sessionEndpoints } from './sessions/routes';
import { tokenEndpoints } from './tokens/routes';
import { userEndpoints } from './users/routes';
import { featureEndpoints } from './featuring';

export const endpoints: Endpoint[] = [
  ...tokenEndpoints,
  ...sessionEndpoints,
  ...userEndpoints,
  ...blogPostEndpoints,
  ...commentEndpoints,
  ...featureEndpoints('BlogPost'),
  ...featureEndpoints('Comment'),
  ...featureEndpoints('User'),
];
